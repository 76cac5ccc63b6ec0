/**
 * The renewals lane's one way to change a subscription: a status move is allowed only along
 * core's SUBSCRIPTION_TRANSITIONS, and every change writes its subscription_events row in the
 * same statement, so history and row never disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  canMoveSubscription,
  SUBSCRIPTION_STATUSES,
  type SubscriptionEventType,
  type SubscriptionStatus,
} from '@checkout/core';
import { queryRows, type Database } from '../../db/client';

export interface SubscriptionChange {
  /** The status it moves to; omitted when the status stays (a renewal of an active one). */
  to?: SubscriptionStatus;
  /** Only while it is still in this cycle: a repeated job changes nothing. */
  cycle?: number;
  /** Further columns, as `column = value` fragments. */
  set?: SQL[];
  /** Columns of its subscription_renewals row set in the same statement (a claim released). */
  renewals?: SQL[];
  event: SubscriptionEventType;
  actor: 'renewal' | 'dunning' | 'customer';
  detail?: Record<string, unknown>;
}

/** Answers true when this call changed the subscription. */
export async function changeSubscription(
  db: Database,
  id: string,
  change: SubscriptionChange,
): Promise<boolean> {
  const { to } = change;
  const from = to
    ? SUBSCRIPTION_STATUSES.filter((status) => canMoveSubscription(status, to))
    : (['active', 'past_due'] as const);
  if (from.length === 0) return false;
  const sets = [
    sql`updated_at = now()`,
    ...(to ? [sql`status = ${to}`] : []),
    ...(change.set ?? []),
  ];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with changed as (
      update subscriptions set ${sql.join(sets, sql`, `)}
      where id = ${id} and status in (${sql.join(
        from.map((status) => sql`${status}`),
        sql`, `,
      )})${change.cycle === undefined ? sql`` : sql` and cycle = ${change.cycle}`}
      returning id
    ), event as (
      insert into subscription_events (subscription_id, type, actor, detail)
      select id, ${change.event}, ${change.actor}, ${JSON.stringify(change.detail ?? {})}::jsonb
      from changed
    )${
      change.renewals
        ? sql`, renewals as (
      update subscription_renewals set ${sql.join(change.renewals, sql`, `)}
      where subscription_id in (select id from changed)
    )`
        : sql``
    }
    select id from changed`,
  );
  return rows.length > 0;
}
