/**
 * Weighted velocity counters in the database, so every api node sees the same counts: one
 * upsert per hit into hour windows; a subject's score is its weight in this hour and the last.
 */
import { and, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { velocityCounters, velocityLocks } from './tables';

export const WINDOW_MS = 60 * 60_000;

const windowOf = (now: Date) => Math.floor(now.getTime() / WINDOW_MS);

/** Adds `weight` to each subject and answers their scores afterwards. */
export async function addWeight(
  db: Database,
  subjects: readonly string[],
  weight: number,
  now = new Date(),
): Promise<Map<string, number>> {
  if (subjects.length === 0) return new Map();
  const window = windowOf(now);
  await db
    .insert(velocityCounters)
    .values(subjects.map((subject) => ({ subject, window, weight })))
    .onConflictDoUpdate({
      target: [velocityCounters.subject, velocityCounters.window],
      set: { weight: sql`${velocityCounters.weight} + excluded.weight` },
    });
  return scoresOf(db, subjects, now);
}

export async function scoresOf(
  db: Database,
  subjects: readonly string[],
  now = new Date(),
): Promise<Map<string, number>> {
  if (subjects.length === 0) return new Map();
  const rows = await db
    .select({
      subject: velocityCounters.subject,
      score: sql<number>`sum(${velocityCounters.weight})::int`,
    })
    .from(velocityCounters)
    .where(
      and(
        inArray(velocityCounters.subject, [...subjects]),
        gte(velocityCounters.window, windowOf(now) - 1),
      ),
    )
    .groupBy(velocityCounters.subject);
  return new Map(rows.map((row) => [row.subject, Number(row.score)]));
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

/** The latest lock still holding on any of the subjects. */
export async function lockedUntil(
  db: Database,
  subjects: readonly string[],
  now = new Date(),
): Promise<Date | undefined> {
  if (subjects.length === 0) return undefined;
  const rows = await db
    .select({ until: velocityLocks.until })
    .from(velocityLocks)
    .where(and(inArray(velocityLocks.subject, [...subjects]), gt(velocityLocks.until, now)));
  const latest = Math.max(0, ...rows.map((row) => row.until.getTime()));
  return latest > 0 ? new Date(latest) : undefined;
}

/** Counters and locks nobody reads any more. */
export async function purgeVelocity(db: Database, now = new Date()): Promise<void> {
  await db.delete(velocityCounters).where(lt(velocityCounters.window, windowOf(now) - 1));
  await db.delete(velocityLocks).where(lt(velocityLocks.until, now));
}
