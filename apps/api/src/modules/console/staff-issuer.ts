/**
 * Staff login through an external OpenID Connect issuer (docs/decisions/013): authorization code
 * with PKCE, state and nonce through openid-client (the shoppers' OidcClient); the issuer's
 * verified e-mail must be an enabled, enrolled staff member's, who keeps their role; the console's
 * own second factor follows unless the issuer asserts one. A refusal is written to the audit log.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import {
  AppError,
  assertsSecondFactor,
  ERROR_CODES,
  type IssuerOutcome,
} from '@checkout/core/contract';
import { normalizeEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import type { OidcClient } from '../users/oidc-client';
import { sha256 } from '../users/sessions';
import { codeStep, takeStep, type StaffMember } from './staff';
import { auditLog, staffAccounts, staffIssuerLogins } from './tables';

/** From the start to the callback; then as long again for the second factor. */
export const ISSUER_LOGIN_TTL_MS = 10 * 60 * 1000;

type Lang = (typeof staffIssuerLogins.$inferSelect)['lang'];

/** Starts a login: the issuer's URL, and the binding that goes in the browser's cookie. */
export async function startIssuerLogin(
  db: Database,
  client: OidcClient,
  callbackUrl: string,
  lang: Lang,
): Promise<{ redirectUrl: string; binding: string }> {
  const { url, state, nonce, codeVerifier } = await client.authorizationUrl({
    redirect_uri: callbackUrl,
  });
  const binding = randomBytes(24).toString('base64url');
  await db.insert(staffIssuerLogins).values({
    bindingHash: sha256(binding),
    state,
    nonce,
    codeVerifier,
    lang,
    expiresAt: new Date(Date.now() + ISSUER_LOGIN_TTL_MS),
  });
  return { redirectUrl: url, binding };
}

export type IssuerCallbackResult =
  { outcome: 'session'; member: StaffMember; lang: Lang } | { outcome: IssuerOutcome; lang: Lang };

/**
 * The issuer's answer: its code exchanged (state, nonce and PKCE checked by openid-client), its
 * person matched to a staff member. `code` keeps the login waiting for the second factor.
 */
export async function finishIssuerLogin(
  db: Database,
  client: OidcClient,
  input: { binding: string | undefined; state: string | undefined; callbackUrl: URL },
  audited: { issuer: string; address: string },
): Promise<IssuerCallbackResult> {
  if (!input.binding || !input.state) return { outcome: 'failed', lang: 'en' };
  const [login] = await db
    .delete(staffIssuerLogins)
    .where(
      and(
        eq(staffIssuerLogins.bindingHash, sha256(input.binding)),
        eq(staffIssuerLogins.state, input.state),
        isNull(staffIssuerLogins.staffId),
        gt(staffIssuerLogins.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!login) return { outcome: 'failed', lang: 'en' };
  const person = await client.exchange(input.callbackUrl, login);
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, normalizeEmail(person.email)));
  const refusal = !person.emailVerified
    ? 'e-mail not verified by the issuer'
    : !row
      ? 'no staff member has this e-mail'
      : row.disabledAt
        ? 'disabled'
        : !row.passwordHash
          ? 'not enrolled'
          : undefined;
  if (refusal || !row) {
    await db.insert(auditLog).values({
      staffId: row?.id ?? null,
      staffEmail: person.email,
      action: 'staff.issuer_login_refused',
      subject: `issuer:${audited.issuer}`,
      after: { reason: refusal, subject: person.sub },
      address: audited.address,
    });
    return { outcome: 'refused', lang: login.lang };
  }
  const member = { id: row.id, email: row.email, role: row.role };
  if (assertsSecondFactor(person.amr)) return { outcome: 'session', member, lang: login.lang };
  await db.insert(staffIssuerLogins).values({
    ...login,
    staffId: row.id,
    expiresAt: new Date(Date.now() + ISSUER_LOGIN_TTL_MS),
  });
  return { outcome: 'code', lang: login.lang };
}

/** The console's second factor after the issuer: the member, once their code holds. */
export async function issuerSecondFactor(
  db: Database,
  binding: string | undefined,
  code: string,
): Promise<StaffMember> {
  const failed = () => new AppError(ERROR_CODES.loginFailed, 'The code is wrong or too late.');
  if (!binding) throw failed();
  const [login] = await db
    .delete(staffIssuerLogins)
    .where(
      and(
        eq(staffIssuerLogins.bindingHash, sha256(binding)),
        isNotNull(staffIssuerLogins.staffId),
        gt(staffIssuerLogins.expiresAt, new Date()),
      ),
    )
    .returning({ staffId: staffIssuerLogins.staffId });
  if (!login?.staffId) throw failed();
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, login.staffId), isNull(staffAccounts.disabledAt)));
  const step = row?.totpSecret ? await codeStep(row.totpSecret, code, row.totpLastStep) : undefined;
  if (!row || step === undefined || !(await takeStep(db, row.id, step))) throw failed();
  return { id: row.id, email: row.email, role: row.role };
}
