/**
 * Staff accounts: created with a role and a one-time enrolment link, enrolled with a password
 * and a TOTP secret, and checked at login with both. Passwords are hashed like shoppers'
 * (identity/passwords.ts, scrypt); codes are RFC 6238 (otplib), one step either side allowed,
 * and each code is taken once: its time step is recorded, and it and older ones are refused.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { AppError, ERROR_CODES, type StaffRole } from '@checkout/core/contract';
import { normalizeEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import { decoyHash, hashPassword, verifyPassword } from '../identity/passwords';
import { sha256 } from '../users/sessions';
import { staffAccounts, staffPasskeys } from './tables';

export const ENROLMENT_TTL_MS = 72 * 60 * 60 * 1000;

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
}

/**
 * A new account (or a re-enrolment of an existing one, with its new role): answers the token of
 * its one-time enrolment link. Its old password and second factors (TOTP, passkeys) stop working
 * at once.
 */
export async function addStaff(
  db: Database,
  email: string,
  role: StaffRole,
  { now = new Date(), token = randomBytes(32).toString('base64url') } = {},
): Promise<{ member: StaffMember; token: string }> {
  const enrolment = {
    role,
    passwordHash: null,
    totpSecret: generateSecret(),
    totpLastStep: null,
    disabledAt: null,
    enrolmentTokenHash: sha256(token),
    enrolmentExpiresAt: new Date(now.getTime() + ENROLMENT_TTL_MS),
  };
  const [row] = await db
    .insert(staffAccounts)
    .values({ email: normalizeEmail(email), ...enrolment })
    .onConflictDoUpdate({ target: staffAccounts.email, set: enrolment })
    .returning({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role });
  await db.delete(staffPasskeys).where(eq(staffPasskeys.staffId, row!.id));
  return { member: row!, token };
}

const badLink = () =>
  new AppError(ERROR_CODES.interactionExpired, 'This enrolment link was used or has expired.');

async function enrolling(db: Database, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.enrolmentTokenHash, sha256(token)),
        gt(staffAccounts.enrolmentExpiresAt, now),
      ),
    );
  if (!row?.totpSecret) throw badLink();
  return { ...row, totpSecret: row.totpSecret };
}

/** What the enrolment page shows: the secret for the authenticator app, and its otpauth URI. */
export async function enrolmentOf(db: Database, token: string, now = new Date()) {
  const row = await enrolling(db, token, now);
  return {
    email: row.email,
    secret: row.totpSecret,
    uri: generateURI({ issuer: 'Checkout console', label: row.email, secret: row.totpSecret }),
  };
}

/** The code's time step when it holds and is newer than the last one taken. */
export async function codeStep(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Records the step as taken; false when a concurrent login took it (or a newer one) first. */
export async function takeStep(db: Database, id: string, step: number): Promise<boolean> {
  const taken = await db
    .update(staffAccounts)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffAccounts.id, id),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return taken.length === 1;
}

/** Sets the password once the first code proves the authenticator holds the secret. */
export async function enrol(
  db: Database,
  input: { token: string; password: string; code: string },
  now = new Date(),
): Promise<StaffMember> {
  const row = await enrolling(db, input.token, now);
  const step = await codeStep(row.totpSecret, input.code, null);
  if (step === undefined) {
    throw new AppError(ERROR_CODES.invalidCode, 'That code does not match; try the next one.');
  }
  const [done] = await db
    .update(staffAccounts)
    .set({
      passwordHash: await hashPassword(input.password),
      enrolmentTokenHash: null,
      enrolmentExpiresAt: null,
      totpLastStep: step,
    })
    .where(
      and(eq(staffAccounts.id, row.id), eq(staffAccounts.enrolmentTokenHash, sha256(input.token))),
    )
    .returning({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role });
  if (!done) throw badLink();
  return done;
}

/** Password and code together; one answer for every failure, so nothing tells which was wrong. */
export async function checkLogin(
  db: Database,
  input: { email: string; password: string; code: string },
): Promise<StaffMember> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.email, normalizeEmail(input.email)));
  const passwordOk = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash()));
  const step = row?.totpSecret
    ? await codeStep(row.totpSecret, input.code, row.totpLastStep)
    : undefined;
  if (
    !row?.passwordHash ||
    row.disabledAt ||
    !passwordOk ||
    step === undefined ||
    !(await takeStep(db, row.id, step))
  ) {
    throw new AppError(ERROR_CODES.loginFailed, 'E-mail, password or code is wrong.');
  }
  return { id: row.id, email: row.email, role: row.role };
}

export const DEMO_ADMIN = 'admin@console.localhost';

/**
 * A local run's demo admin, enrollable with the token npm start printed, until it is enrolled:
 * then it is left alone (a restart prints a new token that no longer applies).
 */
export async function offerDemoAdmin(db: Database, token: string): Promise<void> {
  const [row] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, DEMO_ADMIN));
  if (!row?.passwordHash) await addStaff(db, DEMO_ADMIN, 'admin', { token });
}
