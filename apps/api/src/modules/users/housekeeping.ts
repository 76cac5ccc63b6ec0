/** Removes expired checkout sessions and login attempts that never came back. */
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authAttempts, userSessions } from './tables';

export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
  await db.delete(authAttempts).where(lt(authAttempts.expiresAt, now));
}
