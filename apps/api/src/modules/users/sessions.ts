/**
 * Checkout sessions behind the `token` cookie: a random token in the browser, its SHA-256 in
 * the database. Server-side calls from the web app carry it in the user-token header instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_COOKIE, USER_TOKEN_HEADER, type CurrentUser } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { userSessions } from './tables';

export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export interface SessionUser extends CurrentUser {
  providerSid: string | null;
}

const toUser = (row: typeof userSessions.$inferSelect): SessionUser => ({
  id: row.accountId,
  email: row.email,
  providerSid: row.providerSid,
});

export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[USER_TOKEN_HEADER];
  const token = (typeof header === 'string' && header) || request.cookies[TOKEN_COOKIE];
  return token && token.length <= 128 ? token : undefined;
}

export async function sessionUser(
  db: Database,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const [row] = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.tokenHash, sha256(token)), gt(userSessions.expiresAt, new Date())));
  return row ? toUser(row) : null;
}

export async function createSession(db: Database, user: SessionUser): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(userSessions).values({
    tokenHash: sha256(token),
    accountId: user.id,
    email: user.email,
    providerSid: user.providerSid,
    expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
  });
  return token;
}

/** Ends every session of an account (its password changed): each browser must log in again. */
export async function endAccountSessions(
  db: Pick<Database, 'delete'>,
  accountId: string,
): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.accountId, accountId));
}

/** Ends the request's session, if any; returns what it was. */
export async function endSession(
  db: Database,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const token = tokenOf(request);
  if (!token) return null;
  const [row] = await db
    .delete(userSessions)
    .where(eq(userSessions.tokenHash, sha256(token)))
    .returning();
  return row ? toUser(row) : null;
}

export function setTokenCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(TOKEN_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearTokenCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(TOKEN_COOKIE, { httpOnly: true, secure, sameSite: 'lax', path: '/' });
}
