/**
 * The merchant-wide circuit breaker: card testing spread over many addresses fills no counter of
 * its own, but shows as a storm of declines across all shoppers. While the declines of the last
 * minutes are both many and a large share of card attempts, every card payment needs the
 * challenge; it stops asking once they fall. Counted per minute in the database, so every api
 * node sees the same storm.
 */
import { lt, sql, type SQL } from 'drizzle-orm';
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

/** Counts one card attempt that reached the provider: a `, name as (…)` fragment of a statement. */
export function countCardAttemptSql(declined: boolean, now = new Date()): SQL {
  return sql`, attempt_counted as (
      insert into card_attempt_minutes (minute, attempts, declines)
      values (${minuteOf(now)}::bigint, 1, ${declined ? 1 : 0}::int)
      on conflict (minute) do update set attempts = card_attempt_minutes.attempts + 1,
        declines = card_attempt_minutes.declines + excluded.declines)`;
}

/** The window's card attempts and declines (`attempts`, `declines`): columns of one select. */
export function stormSql(limits: StormLimits, now = new Date()): SQL {
  const since = minuteOf(now) - limits.windowMinutes;
  return sql`(select coalesce(sum(attempts), 0)::int from card_attempt_minutes
      where minute > ${since}::bigint) as attempts,
    (select coalesce(sum(declines), 0)::int from card_attempt_minutes
      where minute > ${since}::bigint) as declines`;
}

/** Whether the window's card attempts and declines (stormSql) are a storm. */
export function isStorm(limits: StormLimits, attempts: number, declines: number): boolean {
  return declines >= limits.minDeclines && declines >= limits.declineShare * attempts;
}

/** Minutes no window reaches any more. */
export async function purgeCardAttemptMinutes(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(cardAttemptMinutes)
    .where(lt(cardAttemptMinutes.minute, minuteOf(now) - KEPT_MINUTES));
}
