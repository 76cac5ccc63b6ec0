/**
 * What a customer does to their own subscriptions (issue 20, the self-service lane): auto-renew
 * off and on, and the one function of this lane that moves a subscription's status. Each change
 * is one statement with the subscription_events row that records it, guarded by the row's
 * current state, so a double click or two nodes change it once and record it once.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  canMoveSubscription,
  normalizeEmail,
  SUBSCRIPTION_STATUSES,
  type SubscriptionEventType,
  type SubscriptionStatus,
} from '@checkout/core';
import type { SubscriptionState } from '@checkout/core/contract';
import { queryRows, type Database } from '../../db/client';
import { isUuid } from '../orders/record-id';
import { subscriptions } from './tables';

/** Who changed it and why, as its event records it. */
export interface SubscriptionChange {
  type: SubscriptionEventType;
  actor: string;
  detail?: Record<string, unknown>;
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

function stateOf(row: SubscriptionRow): SubscriptionState {
  return {
    id: row.id,
    status: row.status,
    autoRenew: row.autoRenew,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The subscription's row if it is the account's (by its e-mail); undefined for anyone else's. */
export async function accountSubscriptionRow(
  db: Database,
  id: string,
  email: string,
): Promise<SubscriptionRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.email, normalizeEmail(email))));
  return row;
}

/** What the dashboard shows of the account's subscription; undefined for anyone else's. */
export async function accountSubscription(
  db: Database,
  id: string,
  email: string,
): Promise<SubscriptionState | undefined> {
  const row = await accountSubscriptionRow(db, id, email);
  return row && stateOf(row);
}

/** Turns auto-renew on or off while the subscription runs; true when this call changed it. */
export async function setAutoRenew(
  db: Database,
  id: string,
  on: boolean,
  actor: string,
): Promise<boolean> {
  const type: SubscriptionEventType = on ? 'auto_renew_on' : 'auto_renew_off';
  const changed = await queryRows<{ id: string }>(
    db,
    sql`with changed as (
      update subscriptions set auto_renew = ${on}, updated_at = now()
      where id = ${id} and status in ('active', 'past_due') and auto_renew = ${!on}
      returning id
    ), event as (
      insert into subscription_events (subscription_id, type, actor)
      select id, ${type}, ${actor} from changed
    )
    select id from changed`,
  );
  return changed.length > 0;
}

/**
 * The self-service lane's one move of subscription status (a refund's is the order's move, see
 * refund-effects.ts): the subscription `which` names moves if it may move to `to` (core
 * canMoveSubscription), with its event. A move to an end (canceled, expired) also stops renewal
 * and records when it ended. Answers the ids it moved; a repeat finds nothing to move.
 */
export async function moveSubscriptions(
  db: Database,
  /** One subscription, or those an order paid for (bought, or renewed by a renewal order). */
  which: { id: string } | { orderId: string },
  to: SubscriptionStatus,
  change: SubscriptionChange,
): Promise<string[]> {
  const from = SUBSCRIPTION_STATUSES.filter((status) => canMoveSubscription(status, to));
  if (from.length === 0) return [];
  const ends = to === 'canceled' || to === 'expired';
  const picked =
    'id' in which
      ? sql`id = ${which.id}`
      : sql`(order_id = ${which.orderId}
          or id = (select subscription_id from orders where id = ${which.orderId}))`;
  const moved = await queryRows<{ id: string }>(
    db,
    sql`with moved as (
      update subscriptions set status = ${to}, updated_at = now()
        ${ends ? sql`, auto_renew = false, ended_at = now()` : sql``}
      where ${picked} and status in (${sql.join(
        from.map((status) => sql`${status}`),
        sql`, `,
      )})
      returning id
    ), event as (
      insert into subscription_events (subscription_id, type, actor, detail)
      select id, ${change.type}, ${change.actor}, ${JSON.stringify(change.detail ?? {})}::jsonb
      from moved
    )
    select id from moved`,
  );
  return moved.map((row) => row.id);
}
