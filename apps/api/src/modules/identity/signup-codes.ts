/** Sign-up (or claiming an account a purchase created) proves the address with a mailed code. */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import { signupCodes } from './tables';

const CODE_TTL_MS = 15 * 60 * 1000;
const MAX_ATTEMPTS = 5;

const digest = (email: string, code: string) =>
  createHash('sha256')
    .update(`${normalizeEmail(email)}:${code}`)
    .digest();

/** Stores a new code for the address (replacing an older one) and returns it for mailing. */
export async function issueSignupCode(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    email: normalizeEmail(email),
    codeHash: digest(email, code).toString('base64url'),
    passwordHash,
    attempts: 0,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  };
  await db
    .insert(signupCodes)
    .values(row)
    .onConflictDoUpdate({ target: signupCodes.email, set: row });
  return code;
}

/** The hashed password of the sign-up when the code is right; each try counts, five at most. */
export async function redeemSignupCode(
  db: Database,
  email: string,
  code: string,
): Promise<string | null> {
  const [row] = await db
    .update(signupCodes)
    .set({ attempts: sql`${signupCodes.attempts} + 1` })
    .where(eq(signupCodes.email, normalizeEmail(email)))
    .returning();
  if (!row || row.attempts > MAX_ATTEMPTS || row.expiresAt.getTime() < Date.now()) return null;
  const expected = Buffer.from(row.codeHash, 'base64url');
  if (!timingSafeEqual(expected, digest(email, code))) return null;
  await db.delete(signupCodes).where(eq(signupCodes.email, row.email));
  return row.passwordHash;
}
