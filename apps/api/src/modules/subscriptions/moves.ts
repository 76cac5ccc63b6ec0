/**
 * The renewals lane's one way to change a subscription: a status move is allowed only along
 * core's SUBSCRIPTION_TRANSITIONS, and every change writes its subscription_events row in the
 * same statement, so history and row never disagree. A statement that moves several takes their
 * rows in id order, subscriptions first, then their claims (as renewal-state.ts takes claims), so
 * two nodes working overlapping batches wait for each other instead of deadlocking.
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

/** A renewal job's move of one subscription after its charge (paid, or declined). */
export interface RenewalMove {
  id: string;
  /** The status and cycle the job's claim read: the move applies only while both still hold. */
  status: SubscriptionStatus;
  cycle: number;
  to?: SubscriptionStatus;
  event: SubscriptionEventType;
  actor: 'renewal' | 'dunning';
  detail: Record<string, unknown>;
  nextChargeAt: Date;
  /** Paid: on to the next cycle. */
  nextCycle: boolean;
  /** Failed attempts of the (new) cycle, kept on its subscription_renewals row. */
  failedAttempts: number;
}

/**
 * Many renewal moves in one statement, each as changeSubscription makes one (along core's
 * transitions, with its event, its claim released); answers the ids this call moved.
 */
export async function applyRenewalMoves(
  db: Database,
  moves: readonly RenewalMove[],
): Promise<Set<string>> {
  const allowed = moves.filter(({ status, to }) => !to || canMoveSubscription(status, to));
  if (allowed.length === 0) return new Set();
  const input = JSON.stringify(
    allowed.map((move) => ({
      id: move.id,
      status: move.status,
      cycle: move.cycle,
      to_status: move.to ?? null,
      event: move.event,
      actor: move.actor,
      detail: move.detail,
      next_charge_at: move.nextChargeAt.toISOString(),
      next_cycle: move.nextCycle,
      failed_attempts: move.failedAttempts,
    })),
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(id uuid, status text, cycle int,
        to_status text, event text, actor text, detail jsonb, next_charge_at timestamptz,
        next_cycle boolean, failed_attempts int)
    ), locked as (
      select id from subscriptions where id in (select id from input) order by id for update
    ), changed as (
      update subscriptions s set updated_at = now(), status = coalesce(i.to_status, s.status),
        next_charge_at = i.next_charge_at,
        cycle = s.cycle + case when i.next_cycle then 1 else 0 end
      from input i join locked l on l.id = i.id
      where s.id = i.id and s.status = i.status and s.cycle = i.cycle
      returning s.id, i.event, i.actor, i.detail, i.failed_attempts
    ), event as (
      insert into subscription_events (subscription_id, type, actor, detail)
      select id, event, actor, detail from changed
    ), renewals as (
      update subscription_renewals r set claimed_until = null, failed_attempts = c.failed_attempts
      from (select r2.subscription_id, c2.failed_attempts from subscription_renewals r2
          join changed c2 on c2.id = r2.subscription_id
          order by r2.subscription_id for update of r2) c
      where r.subscription_id = c.subscription_id
    )
    select id from changed`,
  );
  return new Set(rows.map(({ id }) => id));
}
