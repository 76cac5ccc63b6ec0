/** Sign-up (or claiming an account a purchase created) proves the address with a mailed code. */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, sql } from 'drizzle-orm';
import { normalizeEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import { signupCodes, signupCodeTries } from './tables';

const CODE_TTL_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const TRIES_PER_CODE = 5;
/**
 * Tries per address and UTC day, across every code it was sent: a new code brings no new tries.
 * At most 10 guesses a day against 10^8 eight-digit codes is a chance of 10/10^8 = 1 in 10
 * million a day, 3,650/10^8 = 1 in 27,000 for a whole year of guessing one address every day
 * (six digits would give 1 in 274 a year). The owner's own typos fit well within ten.
 */
const TRIES_PER_DAY = 10;
const CODE_DIGITS = 8;

/** A mailed code, or the end of the lock that withholds one. */
export type IssuedCode = { code: string } | { lockedUntil: Date };

/** The sign-up's hashed password, or why not; `justLocked` on the try that locked the address. */
export type RedeemedCode =
  | { passwordHash: string }
  | { refused: 'wrong' }
  | { refused: 'locked'; lockedUntil: Date; justLocked: boolean };

const digest = (email: string, code: string) =>
  createHash('sha256')
    .update(`${normalizeEmail(email)}:${code}`)
    .digest();

/** The UTC day a time falls in (days since 1970), as the tries table counts them. */
export const dayOf = (now: Date) => Math.floor(now.getTime() / DAY_MS);
const endOfDay = (day: number) => new Date((day + 1) * DAY_MS);

/** Stores a new code for the address (replacing an older one), unless its tries ran out today. */
export async function issueSignupCode(
  db: Database,
  email: string,
  passwordHash: string,
  now = new Date(),
): Promise<IssuedCode> {
  const day = dayOf(now);
  const [locked] = await db
    .select({ day: signupCodeTries.day })
    .from(signupCodeTries)
    .where(
      and(
        eq(signupCodeTries.email, normalizeEmail(email)),
        eq(signupCodeTries.day, day),
        gte(signupCodeTries.count, TRIES_PER_DAY),
      ),
    );
  if (locked) return { lockedUntil: endOfDay(day) };
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const row = {
    email: normalizeEmail(email),
    codeHash: digest(email, code).toString('base64url'),
    passwordHash,
    attempts: 0,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
  await db
    .insert(signupCodes)
    .values(row)
    .onConflictDoUpdate({ target: signupCodes.email, set: row });
  return { code };
}

/**
 * Checks a code; each try counts, five per code and TRIES_PER_DAY per address and day. The try
 * that uses up the day's last one drops the waiting sign-up and locks the address until the
 * day ends. Tries are counted before the code is compared, so parallel ones cannot pass the cap.
 */
export async function redeemSignupCode(
  db: Database,
  email: string,
  code: string,
  now = new Date(),
): Promise<RedeemedCode> {
  const address = normalizeEmail(email);
  const [row] = await db
    .update(signupCodes)
    .set({ attempts: sql`${signupCodes.attempts} + 1` })
    .where(eq(signupCodes.email, address))
    .returning();
  if (!row) return { refused: 'wrong' };
  const day = dayOf(now);
  const [tries] = await db
    .insert(signupCodeTries)
    .values({ email: address, day, count: 1 })
    .onConflictDoUpdate({
      target: [signupCodeTries.email, signupCodeTries.day],
      set: { count: sql`${signupCodeTries.count} + 1` },
    })
    .returning({ count: signupCodeTries.count });
  const count = tries?.count ?? 0;
  const usable = count <= TRIES_PER_DAY && row.attempts <= TRIES_PER_CODE && row.expiresAt > now;
  if (usable && timingSafeEqual(Buffer.from(row.codeHash, 'base64url'), digest(email, code))) {
    await db.delete(signupCodes).where(eq(signupCodes.email, address));
    return { passwordHash: row.passwordHash };
  }
  if (count < TRIES_PER_DAY) return { refused: 'wrong' };
  await db.delete(signupCodes).where(eq(signupCodes.email, address));
  return { refused: 'locked', lockedUntil: endOfDay(day), justLocked: count === TRIES_PER_DAY };
}
