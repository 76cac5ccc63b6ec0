/**
 * Moves a batch of renewal orders in one statement, each with its order_events row, as
 * transitions.ts moves one: along the allowed transitions, never away from paid. A renewal order
 * has no cart and no coupon, so no consequence applies (checkout/complete-order.ts); only orders
 * of a subscription move here. Only payments/outcome.ts asks for it.
 */
import { sql } from 'drizzle-orm';
import { canTransition, ORDER_STATUSES, type OrderStatus } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import { announceMove } from './move-listeners';
import { forgetOrder } from './placed-orders';
import type { EventSource } from './transitions';

export interface RenewalOrderMove {
  orderId: string;
  to: OrderStatus;
}

/** Answers the ids of the orders this call moved. */
export async function transitionRenewalOrders(
  db: Database,
  moves: readonly RenewalOrderMove[],
  source: EventSource,
): Promise<Set<string>> {
  if (moves.length === 0) return new Set();
  const input = JSON.stringify(
    moves.map(({ orderId, to }) => ({
      order_id: orderId,
      to_status: to,
      from_statuses: ORDER_STATUSES.filter((from) => from !== 'paid' && canTransition(from, to)),
    })),
  );
  const moved = await queryRows<{ id: string; to_status: OrderStatus }>(
    db,
    sql`with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(order_id uuid, to_status text, from_statuses jsonb)
    ), prev as (
      select o.id, o.status, i.to_status from orders o join input i on i.order_id = o.id
      where o.subscription_id is not null and i.from_statuses ? o.status
      order by o.id
      for update of o
    ), moved as (
      update orders set status = prev.to_status, updated_at = now() from prev
      where orders.id = prev.id
      returning orders.id, prev.status as from_status, prev.to_status
    ), event as (
      insert into order_events (order_id, from_status, to_status, source)
      select id, from_status, to_status, ${source} from moved
    )
    select id, to_status from moved`,
  );
  for (const { orderId } of moves) forgetOrder(orderId);
  for (const { id, to_status } of moved) announceMove(id, to_status);
  return new Set(moved.map(({ id }) => id));
}
