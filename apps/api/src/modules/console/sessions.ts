/**
 * Staff sessions behind the `console_session` cookie: a random token in the browser, its
 * SHA-256 here. A session dies after `idleMs` without a request, and 12 hours after login
 * whatever happens; every request it makes moves its idle deadline.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { sha256 } from '../users/sessions';
import type { StaffMember } from './staff';
import { staffAccounts, staffSessions } from './tables';

export const CONSOLE_COOKIE = 'console_session';
const MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** Only the console's api calls carry it; the storefront's never do. */
const COOKIE_PATH = '/api/console/';

export async function startStaffSession(
  db: Database,
  reply: FastifyReply,
  member: StaffMember,
  secure: boolean,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    tokenHash: sha256(token),
    staffId: member.id,
    expiresAt: new Date(Date.now() + MAX_AGE_MS),
  });
  reply.setCookie(CONSOLE_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: MAX_AGE_MS / 1000,
  });
}

function tokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[CONSOLE_COOKIE];
  return token && token.length <= 128 ? token : undefined;
}

/** The staff member behind the request's live session, whose idle deadline moves on. */
export async function sessionStaff(
  db: Database,
  request: FastifyRequest,
  idleMs: number,
  now = new Date(),
): Promise<StaffMember | undefined> {
  const token = tokenOf(request);
  if (!token) return undefined;
  const [row] = await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .returning({ staffId: staffSessions.staffId });
  if (!row) return undefined;
  const [member] = await db
    .select({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, row.staffId), isNull(staffAccounts.disabledAt)));
  return member;
}

export async function endStaffSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = tokenOf(request);
  if (token) await db.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256(token)));
  reply.clearCookie(CONSOLE_COOKIE, { path: COOKIE_PATH });
}
