/**
 * Moves an order along the allowed transitions, in one statement with the event that moved it
 * and its consequences, which the caller composes from what each owning module exports (see
 * checkout/complete-order.ts): what a paid order does, and what a failed or canceled one gives
 * back. One statement is one round trip and commits all or nothing.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { canTransition, isWaiting, ORDER_STATUSES, type OrderStatus } from '@checkout/core';
import { preparedQuery, queryRows, type Database } from '../../db/client';
import { announceMove } from './move-listeners';
import { forgetOrder, recallOrder, type OrderFacts } from './placed-orders';
import { orders } from './tables';

/**
 * What moved an order: the browser's return, a notification, a status poll, the provider's
 * answer to our own call, the expiry of an abandoned order, the provider's refund, or the
 * customer asking for a refund on the dashboard (issue 20).
 */
export type EventSource =
  'browser' | 'webhook' | 'poll' | 'authorization' | 'expiry' | 'refund' | 'customer';

/**
 * What a move does besides moving, as statements for data-modifying CTEs that run once per row
 * of the CTE `moved` (columns from_status, cart_id): nothing unless the order really moved.
 */
export interface OrderConsequences {
  /** A paid order: each a `, name as (…)` fragment. */
  paid: (order: OrderFacts) => SQL;
  /** A failed or canceled order (the shopper may pay the cart again). */
  released: SQL;
  /** A paid order its customer asked to refund (paid → refund_due): each a `, name as (…)`. */
  refunding: (order: OrderFacts) => SQL;
}

export const orderById = preparedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_by_id'),
);

/**
 * The unique indexes a move can break: a second order paying a cart (orders_one_paid_per_cart)
 * or replacing a subscription another paid upgrade already replaced (orders_one_paid_per_upgrade).
 */
const PAID_ONCE = ['orders_one_paid_per_cart', 'orders_one_paid_per_upgrade'];

function paysCartTwice(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === '23505' && PAID_ONCE.includes(constraint ?? PAID_ONCE[0]!);
}

/**
 * Returns true when this call moved the order to `to`; false when it was already elsewhere. One
 * statement: concurrent calls for one order queue on its row lock, then re-check the guard. A
 * move to paid of a cart (or an upgrade of a subscription) another order already paid moves the
 * order to refund_due instead
 * (and answers false): the database's unique index decides, so two nodes cannot both keep it.
 */
export async function transitionOrder(
  db: Database,
  consequences: OrderConsequences,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
): Promise<boolean> {
  try {
    return await moveOrder(db, consequences, orderId, to, source);
  } catch (error) {
    if (to !== 'paid' || !paysCartTwice(error)) throw error;
    await moveOrder(db, consequences, orderId, 'refund_due', source);
    return false;
  }
}

async function moveOrder(
  db: Database,
  consequences: OrderConsequences,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
): Promise<boolean> {
  // An order this process placed moves without a read; otherwise most repeated notifications
  // find the order already final, and are answered without a lock.
  const recalled = recallOrder(orderId);
  const [order] = recalled ? [recalled] : await orderById(db).execute({ id: orderId });
  if (!order || ('status' in order && !canTransition(order.status, to))) return false;
  // A paid order moves on only at its customer's request (a refund), never by a provider's word,
  // and a customer's request moves nothing but a paid order.
  const byCustomer = source === 'customer';
  const from = ORDER_STATUSES.filter(
    (status) => canTransition(status, to) && (status === 'paid') === byCustomer,
  );
  const effects =
    to === 'paid'
      ? consequences.paid(order)
      : to === 'error' || to === 'canceled'
        ? consequences.released
        : to === 'refund_due' && byCustomer
          ? consequences.refunding(order)
          : sql``;
  // refund_due and refunded leave the cart alone: another order paid it. A provider's refund_due
  // (another order paid the cart) has no subscription to end.
  const moved = await queryRows<{ from_status: OrderStatus }>(
    db,
    sql`
    with prev as (
      select id, status from orders where id = ${orderId} for update
    ), moved as (
      update orders set status = ${to}, updated_at = now() from prev
      where orders.id = prev.id and prev.status in (${sql.join(
        from.map((status) => sql`${status}`),
        sql`, `,
      )})
      returning prev.status as from_status, orders.cart_id
    ), event as (
      insert into order_events (order_id, from_status, to_status, source)
      select ${orderId}::uuid, from_status, ${to}, ${source} from moved
    )${effects}
    select from_status from moved`,
  );
  // Past its first answer an order rarely moves again; a late capture reads the row.
  if (!isWaiting(to)) forgetOrder(orderId);
  if (moved.length === 0) return false;
  announceMove(orderId, to);
  return true;
}
