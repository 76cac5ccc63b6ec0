/**
 * The merchant-wide circuit breaker: card testing spread over many addresses fills no counter of
 * its own, but shows as a storm of declines across all shoppers. While the declines of the last
 * minutes are both many and a large share of card attempts, every card payment needs the
 * challenge; it stops asking once they fall. Counted per minute in the database, so every api
 * node sees the same storm.
 */
import { gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cardAttemptMinutes } from './tables';

export interface StormLimits {
  /** Minutes looked back, this one included. */
  windowMinutes: number;
  /** Fewer declines than this are no storm, whatever their share (a quiet shop's few). */
  minDeclines: number;
  /** The share of card attempts declined (0 to 1) from which it is one. */
  declineShare: number;
}

const MINUTE_MS = 60_000;
/** Minutes kept: the longest window the configuration allows. */
export const KEPT_MINUTES = 60;

const minuteOf = (now: Date) => Math.floor(now.getTime() / MINUTE_MS);

/** Counts one card attempt that reached the provider. */
export async function countCardAttempt(
  db: Database,
  declined: boolean,
  now = new Date(),
): Promise<void> {
  await db
    .insert(cardAttemptMinutes)
    .values({ minute: minuteOf(now), attempts: 1, declines: declined ? 1 : 0 })
    .onConflictDoUpdate({
      target: cardAttemptMinutes.minute,
      set: {
        attempts: sql`${cardAttemptMinutes.attempts} + 1`,
        declines: sql`${cardAttemptMinutes.declines} + excluded.declines`,
      },
    });
}

export async function inDeclineStorm(
  db: Database,
  limits: StormLimits,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({
      attempts: sql<number>`coalesce(sum(${cardAttemptMinutes.attempts}), 0)::int`,
      declines: sql<number>`coalesce(sum(${cardAttemptMinutes.declines}), 0)::int`,
    })
    .from(cardAttemptMinutes)
    .where(gt(cardAttemptMinutes.minute, minuteOf(now) - limits.windowMinutes));
  const attempts = Number(row?.attempts ?? 0);
  const declines = Number(row?.declines ?? 0);
  return declines >= limits.minDeclines && declines >= limits.declineShare * attempts;
}

/** Minutes no window reaches any more. */
export async function purgeCardAttemptMinutes(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(cardAttemptMinutes)
    .where(lt(cardAttemptMinutes.minute, minuteOf(now) - KEPT_MINUTES));
}
