/**
 * Passkeys (WebAuthn, @simplewebauthn/server) as a staff member's second factor, besides TOTP.
 * A logged-in member registers and removes their own (audited); at login the password and a
 * passkey's answer go together, one answer for every failure, as with a code (staff.ts). Each
 * challenge is a row taken once (deleted) for what it was issued to (`register:<staff id>`,
 * `login:<e-mail>`), within CHALLENGE_TTL_MS. The relying party is the console's origin.
 */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { AppError, ERROR_CODES, type ConsolePasskey } from '@checkout/core/contract';
import { normalizeEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import { decoyHash, verifyPassword } from '../identity/passwords';
import { audit } from './audit';
import type { Actor } from './orders';
import type { StaffMember } from './staff';
import { staffAccounts, staffPasskeyChallenges, staffPasskeys } from './tables';

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Who the passkeys are for: the RP id is the console origin's host name. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingParty(consoleOrigin: string): RelyingParty {
  const url = new URL(consoleOrigin);
  return { id: url.hostname, name: 'Checkout console', origin: url.origin };
}

async function issueChallenge(db: Database, subject: string, challenge: string, now = new Date()) {
  await db.delete(staffPasskeyChallenges).where(lt(staffPasskeyChallenges.expiresAt, now));
  const [row] = await db
    .insert(staffPasskeyChallenges)
    .values({ subject, challenge, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: staffPasskeyChallenges.id });
  return row!.id;
}

/** The challenge, taken for good; undefined when used, expired or issued for another subject. */
async function takeChallenge(db: Database, attempt: string, subject: string) {
  const [row] = await db
    .delete(staffPasskeyChallenges)
    .where(
      and(
        eq(staffPasskeyChallenges.id, attempt),
        eq(staffPasskeyChallenges.subject, subject),
        gt(staffPasskeyChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: staffPasskeyChallenges.challenge });
  return row?.challenge;
}

const shown = (row: typeof staffPasskeys.$inferSelect): ConsolePasskey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const ownedBy = (db: Database, staffId: string) =>
  db
    .select()
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
    .orderBy(asc(staffPasskeys.createdAt), asc(staffPasskeys.id));

export async function listPasskeys(db: Database, member: StaffMember): Promise<ConsolePasskey[]> {
  return (await ownedBy(db, member.id)).map(shown);
}

/** The creation options for the member's next passkey, its own ones excluded. */
export async function registrationOptions(db: Database, rp: RelyingParty, member: StaffMember) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.email,
    // The user handle is the account's id, never the address.
    userID: new TextEncoder().encode(member.id),
    attestationType: 'none',
    excludeCredentials: (await ownedBy(db, member.id)).map((key) => ({
      id: key.credentialId,
      transports: key.transports,
    })),
    // Discoverable, so a login needs not name the account's credentials to whoever asks.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { attempt: await issueChallenge(db, `register:${member.id}`, options.challenge), options };
}

const rejected = () =>
  new AppError(ERROR_CODES.passkeyRejected, 'This passkey could not be verified; try again.');

export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  actor: Actor,
  input: { attempt: string; name: string; response: RegistrationResponseJSON },
): Promise<ConsolePasskey> {
  const challenge = await takeChallenge(db, input.attempt, `register:${actor.member.id}`);
  if (!challenge) {
    throw new AppError(ERROR_CODES.conflict, 'This passkey request was used or has expired.');
  }
  const result = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!result?.verified) throw rejected();
  const { credential } = result.registrationInfo;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffPasskeys)
      .values({
        staffId: actor.member.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      })
      .onConflictDoNothing({ target: staffPasskeys.credentialId })
      .returning();
    if (!row) throw new AppError(ERROR_CODES.conflict, 'This passkey is registered already.');
    await audit(tx, actor.member, actor.address, {
      action: 'staff.passkey_add',
      subject: `staff:${actor.member.email}`,
      after: { passkey: row.name },
    });
    return shown(row);
  });
}

/** Removes one of the member's own passkeys (another's is not found). */
export async function removePasskey(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffPasskeys)
      .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staffId, actor.member.id)))
      .returning({ name: staffPasskeys.name });
    if (!row) throw new AppError(ERROR_CODES.notFound, 'You have no such passkey.');
    await audit(tx, actor.member, actor.address, {
      action: 'staff.passkey_remove',
      subject: `staff:${actor.member.email}`,
      before: { passkey: row.name },
    });
  });
}

/**
 * A login challenge for an address, whoever asks: the answer does not depend on whether the
 * account exists or holds a passkey (the credentials are discoverable, none is named).
 */
export async function loginOptions(db: Database, rp: RelyingParty, email: string) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
  });
  const subject = `login:${normalizeEmail(email)}`;
  return { attempt: await issueChallenge(db, subject, options.challenge), options };
}

/** The passkey's answer to the challenge holds, and its counter moved on (a clone's does not). */
async function assertionHolds(
  db: Database,
  rp: RelyingParty,
  key: typeof staffPasskeys.$inferSelect,
  challenge: string,
  response: AuthenticationResponseJSON,
): Promise<boolean> {
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: isoBase64URL.toBuffer(key.publicKey),
      counter: key.counter,
      transports: key.transports,
    },
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!result?.verified) return false;
  // Compare-and-set: of two logins that read the same counter, one moves it.
  const moved = await db
    .update(staffPasskeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(and(eq(staffPasskeys.id, key.id), eq(staffPasskeys.counter, key.counter)))
    .returning({ id: staffPasskeys.id });
  return moved.length === 1;
}

/** Password and passkey together; one answer for every failure, as checkLogin gives. */
export async function checkPasskeyLogin(
  db: Database,
  rp: RelyingParty,
  input: { email: string; password: string; attempt: string; response: AuthenticationResponseJSON },
): Promise<StaffMember> {
  const email = normalizeEmail(input.email);
  const challenge = await takeChallenge(db, input.attempt, `login:${email}`);
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash()));
  const [key] = row
    ? await db
        .select()
        .from(staffPasskeys)
        .where(
          and(eq(staffPasskeys.staffId, row.id), eq(staffPasskeys.credentialId, input.response.id)),
        )
    : [];
  if (
    !row?.passwordHash ||
    row.disabledAt ||
    !passwordOk ||
    !challenge ||
    !key ||
    !(await assertionHolds(db, rp, key, challenge, input.response))
  ) {
    throw new AppError(ERROR_CODES.loginFailed, 'E-mail, password or passkey is wrong.');
  }
  return { id: row.id, email: row.email, role: row.role };
}
