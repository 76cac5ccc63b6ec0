/** Accounts: look-ups, the password-less account a purchase creates, and claiming it. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { normalizeEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import { accounts, loginThrottle } from './tables';

export type Account = typeof accounts.$inferSelect;

/** Anything that runs queries: the database or an open transaction. */
type Queryable = Pick<Database, 'select' | 'insert' | 'update'>;

export async function accountByEmail(db: Queryable, email: string): Promise<Account | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.email, normalizeEmail(email)));
  return row;
}

export async function accountById(db: Queryable, id: string): Promise<Account | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/**
 * The account of an e-mail address, created without a password when it is new: an insert for a
 * data-modifying CTE, run once per row of `source` (so only when the purchase really happened).
 */
export function ensureAccountSql(email: string, source: SQL): SQL {
  return sql`insert into accounts (email) select ${normalizeEmail(email)} from ${source}
      on conflict do nothing`;
}

/** Sets the password of a verified address, creating the account when it is new. */
export async function claimAccount(
  db: Queryable,
  email: string,
  passwordHash: string,
): Promise<Account> {
  const now = new Date();
  const [row] = await db
    .insert(accounts)
    .values({ email: normalizeEmail(email), passwordHash, emailVerifiedAt: now })
    .onConflictDoUpdate({ target: accounts.email, set: { passwordHash, emailVerifiedAt: now } })
    .returning();
  if (!row) throw new Error('account upsert returned nothing');
  return row;
}

/** Length of one counting window of the per-e-mail limit. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts one attempt for an address in the current 15-minute window and says whether it is
 * still within the limit. Kept in the database so every api node sees the same count.
 */
export async function withinEmailLimit(
  db: Queryable,
  email: string,
  limit: number,
): Promise<boolean> {
  const window = String(Math.floor(Date.now() / THROTTLE_WINDOW_MS));
  const [row] = await db
    .insert(loginThrottle)
    .values({ email: normalizeEmail(email), window, count: 1 })
    .onConflictDoUpdate({
      target: [loginThrottle.email, loginThrottle.window],
      set: { count: sql`${loginThrottle.count} + 1` },
    })
    .returning({ count: loginThrottle.count });
  return (row?.count ?? 0) <= limit;
}
