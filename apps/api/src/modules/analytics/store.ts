/** The analytics module's SQL. */
import { asc, eq, sql } from 'drizzle-orm';
import type { AnalyticsEvent, Attribution } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import { analyticsEvents, analyticsRefusals, consentDecisions, orderAttributions } from './tables';

/**
 * One statement for the whole batch, so it is stored whole or not at all; an event seen before
 * (a beacon resent) or a second conversion of an order is skipped, not an error.
 *
 * The batch travels as one JSON parameter that PostgreSQL unpacks into rows: the statement's
 * text is the same for every batch, so it is parsed and planned once per connection (a named
 * statement), and nothing builds a 20-row VALUES list or escapes array elements per batch.
 * Drizzle's builder for that list was a third of the collector's CPU under load
 * (bench/events-load.ts profile).
 */
export async function insertEvents(
  db: Database,
  browserId: string,
  events: readonly AnalyticsEvent[],
): Promise<void> {
  await queryRows(
    db,
    sql`insert into analytics_events
      (id, browser_id, event, occurred_at, page, section, element, context, data)
    select (e->>'id')::uuid, ${browserId}::uuid, e->>'event',
      to_timestamp((e->>'time')::double precision / 1000), e->>'page', e->>'section',
      e->>'element', e->'context', nullif(e->'data', 'null'::jsonb)
    from jsonb_array_elements(${JSON.stringify(events)}::jsonb) as e
    on conflict do nothing`,
  );
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

/** Where the order's buyer came from, as recorded when the payment started. */
export async function attributionOf(db: Database, orderId: string) {
  const [row] = await db
    .select()
    .from(orderAttributions)
    .where(eq(orderAttributions.orderId, orderId));
  return row
    ? {
        at: row.createdAt,
        current: row.current as Attribution | null,
        first: row.first as Attribution | null,
      }
    : undefined;
}

/**
 * The experiments' variants the browser that converted the order was exposed to (the latest per
 * experiment), the way the experiment report counts them, with the conversion's time.
 */
export async function variantsOf(db: Database, orderId: string) {
  const rows = await queryRows<{ experiment: string; variant: string; at: Date | string }>(
    db,
    sql`with conversion as (
        select browser_id, occurred_at from analytics_events
        where event = 'conversion' and data->>'order_id' = ${orderId} limit 1)
      select distinct on (e.data->>'experiment_id') e.data->>'experiment_id' as experiment,
        e.data->>'variant' as variant, c.occurred_at as at
      from analytics_events e join conversion c on c.browser_id = e.browser_id
      where e.event = 'experiment_exposure'
      order by e.data->>'experiment_id', e.occurred_at desc`,
  );
  const first = rows[0];
  return first
    ? {
        at: new Date(first.at),
        variants: rows.map((r) => ({ experiment: r.experiment, variant: r.variant })),
      }
    : undefined;
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
