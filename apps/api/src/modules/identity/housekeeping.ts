/** Removes the identity provider's expired rows: protocol state, codes, used pass tokens. */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { THROTTLE_WINDOW_MS } from './accounts';
import { loginThrottle, oidcModels, signupCodes, trustedPassUses } from './tables';

/** Windows older than these many count for nothing any more. */
const THROTTLE_KEEP_WINDOWS = 4;

export async function purgeExpiredIdentity(db: Database, now = new Date()): Promise<void> {
  await db.delete(oidcModels).where(lt(oidcModels.expiresAt, now));
  await db.delete(signupCodes).where(lt(signupCodes.expiresAt, now));
  await db.delete(trustedPassUses).where(lt(trustedPassUses.expiresAt, now));
  const currentWindow = Math.floor(now.getTime() / THROTTLE_WINDOW_MS);
  await db
    .delete(loginThrottle)
    .where(sql`${loginThrottle.window}::bigint < ${currentWindow - THROTTLE_KEEP_WINDOWS}`);
}
