/** Removes the identity provider's expired rows: protocol state, codes, used pass tokens. */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { THROTTLE_WINDOW_MS } from './accounts';
import { dayOf } from './signup-codes';
import { loginThrottle, oidcModels, signupCodes, signupCodeTries, trustedPassUses } from './tables';

/** Windows older than these many count for nothing any more. */
const THROTTLE_KEEP_WINDOWS = 4;

export async function purgeExpiredIdentity(db: Database, now = new Date()): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now));
  await db.delete(signupCodes).where(lt(signupCodes.expiresAt, now));
  await db.delete(trustedPassUses).where(lt(trustedPassUses.expiresAt, now));
  // A day's tries lock the address until the day ends; then they count for nothing.
  await db.delete(signupCodeTries).where(lt(signupCodeTries.day, dayOf(now)));
  const currentWindow = Math.floor(now.getTime() / THROTTLE_WINDOW_MS);
  await db
    .delete(loginThrottle)
    .where(sql`${loginThrottle.window}::bigint < ${currentWindow - THROTTLE_KEEP_WINDOWS}`);
}
