/**
 * Weighted velocity counters in the database, so every api node sees the same counts: one
 * upsert per hit into hour windows; a subject's score is its weight in this hour and the last.
 */
import { lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { velocityCounters, velocityLocks } from './tables';

export const WINDOW_MS = 60 * 60_000;

const windowOf = (now: Date) => Math.floor(now.getTime() / WINDOW_MS);

const subjectList = (subjects: readonly string[]) =>
  sql`select value as subject from jsonb_array_elements_text(${JSON.stringify(subjects)}::jsonb)`;

/**
 * Adds `weight` to each subject and answers their scores afterwards, in one statement: this
 * window's weight as the upsert leaves it (after any concurrent hit it waited for) and the last
 * one's. `alongside` (`, name as (…)`) is written in the same statement.
 */
export async function addWeight(
  db: Database,
  subjects: readonly string[],
  weight: number,
  now = new Date(),
  alongside?: SQL,
): Promise<Map<string, number>> {
  if (subjects.length === 0 && !alongside) return new Map();
  const window = windowOf(now);
  const rows = await queryRows<{ subject: string; score: number }>(
    db,
    sql`with added as (
      insert into velocity_counters (subject, "window", weight)
      select subject, ${window}::bigint, ${weight}::int from (${subjectList(subjects)}) s
      on conflict (subject, "window") do update set weight = velocity_counters.weight + excluded.weight
      returning subject, weight
    )${alongside ?? sql``}
    select a.subject, (a.weight + coalesce(p.weight, 0))::int as score
    from added a left join velocity_counters p on p.subject = a.subject and p."window" = ${window - 1}::bigint`,
  );
  return new Map(rows.map((row) => [row.subject, Number(row.score)]));
}

/**
 * What the guard reads before an attempt, as scalar subqueries of one select: the latest lock
 * still holding on any of the subjects (`locked_until`), and their scores (`scores`, a JSON
 * object of subject to score).
 */
export function velocitySql(subjects: readonly string[], now = new Date()): SQL {
  return sql`(select max(until) from velocity_locks
      where subject in (${subjectList(subjects)}) and until > ${now.toISOString()}::timestamptz
    ) as locked_until,
    (select coalesce(json_object_agg(subject, score), '{}'::json) from (
      select subject, sum(weight)::int as score from velocity_counters
      where subject in (${subjectList(subjects)}) and "window" >= ${windowOf(now) - 1}::bigint
      group by subject) s
    ) as scores`;
}

/** Refuses the subjects until `until` (an existing later lock stays). */
export async function lockSubjects(
  db: Database,
  subjects: readonly string[],
  until: Date,
): Promise<void> {
  if (subjects.length === 0) return;
  await db
    .insert(velocityLocks)
    .values(subjects.map((subject) => ({ subject, until })))
    .onConflictDoUpdate({
      target: velocityLocks.subject,
      set: { until: sql`greatest(${velocityLocks.until}, excluded.until)` },
    });
}

/** Counters and locks nobody reads any more. */
export async function purgeVelocity(db: Database, now = new Date()): Promise<void> {
  await db.delete(velocityCounters).where(lt(velocityCounters.window, windowOf(now) - 1));
  await db.delete(velocityLocks).where(lt(velocityLocks.until, now));
}
