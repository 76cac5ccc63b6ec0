/** The analytics module's SQL. */
import { asc, eq, sql } from 'drizzle-orm';
import type { AnalyticsEvent, Attribution } from '@checkout/core';
import type { Database } from '../../db/client';
import { analyticsEvents, analyticsRefusals, consentDecisions, orderAttributions } from './tables';

/**
 * One statement for the whole batch, so it is stored whole or not at all; an event seen before
 * (a beacon resent) or a second conversion of an order is skipped, not an error.
 */
export async function insertEvents(
  db: Database,
  browserId: string,
  events: readonly AnalyticsEvent[],
): Promise<void> {
  await db
    .insert(analyticsEvents)
    .values(
      events.map((e) => ({
        id: e.id,
        browserId,
        event: e.event,
        occurredAt: new Date(e.time),
        page: e.page,
        section: e.section,
        element: e.element,
        context: e.context,
        data: e.data ?? null,
      })),
    )
    .onConflictDoNothing();
}

export async function countRefusal(db: Database, reason: string): Promise<void> {
  await db
    .insert(analyticsRefusals)
    .values({ reason, day: sql`current_date`, batches: 1 })
    .onConflictDoUpdate({
      target: [analyticsRefusals.reason, analyticsRefusals.day],
      set: { batches: sql`${analyticsRefusals.batches} + 1` },
    });
}

export async function insertConsentDecision(
  db: Database,
  row: typeof consentDecisions.$inferInsert,
): Promise<void> {
  await db.insert(consentDecisions).values(row);
}

export async function insertOrderAttribution(
  db: Database,
  orderId: string,
  current: Attribution | null,
  first: Attribution | null,
): Promise<void> {
  await db.insert(orderAttributions).values({ orderId, current, first }).onConflictDoNothing();
}

/** A browser's events in the order they happened (the sandbox's read-back for tests). */
export function eventsOfBrowser(db: Database, browserId: string) {
  return db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.browserId, browserId))
    .orderBy(asc(analyticsEvents.occurredAt), asc(analyticsEvents.receivedAt))
    .limit(1000);
}
