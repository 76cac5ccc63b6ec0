/**
 * Moves an order along the allowed transitions, in one statement with the event that moved it
 * and its consequences, which the caller composes from what each owning module exports (see
 * checkout/complete-order.ts): what a paid order does, and what a failed or canceled one gives
 * back. One statement is one round trip and commits all or nothing.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { canTransition, isWaiting, ORDER_STATUSES, type OrderStatus } from '@checkout/core';
import { preparedQuery, queryRows, type Database } from '../../db/client';
import { COUPON_REDEEMED_ONCE } from '../carts/coupon-redemptions';
import { announceMove } from './move-listeners';
import { forgetOrder, recallOrder, type OrderFacts } from './placed-orders';
import { orders } from './tables';

/**
 * What moved an order: the browser's return, a notification, a status poll, the provider's
 * answer to our own call, the expiry of an abandoned order, the provider's refund, or the
 * customer asking for a refund on the dashboard (issue 20), or staff refunding it in the console
 * (issue 33).
 */
export type EventSource =
  'browser' | 'webhook' | 'poll' | 'authorization' | 'expiry' | 'refund' | 'customer' | 'staff';

/**
 * What a move does besides moving, as statements for data-modifying CTEs that run once per row
 * of the CTE `moved` (columns from_status, cart_id): nothing unless the order really moved.
 */
export interface OrderConsequences {
  /** A paid order (an upgrade order requires the subscription it replaces to run still). */
  paid: (order: OrderFacts) => MoveEffects;
  /** A failed or canceled order (the shopper may pay the cart again). */
  released: SQL;
  /** A paid order its customer asked to refund (paid → refund_due). */
  refunding: (order: OrderFacts) => MoveEffects;
}

export interface MoveEffects {
  /** `, name as (…)` fragments. */
  effects: SQL;
  /**
   * What must hold for the order to move at all: a condition that locks the rows it reads
   * (`for update`), so it is judged on their latest version even while another node changes them.
   */
  requires?: SQL | undefined;
}

export const orderById = preparedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_by_id'),
);

/**
 * The unique indexes a move can break: a second order paying a cart (orders_one_paid_per_cart),
 * replacing a subscription another paid upgrade already replaced (orders_one_paid_per_upgrade),
 * or redeeming a coupon once per address another order of the address redeemed or holds.
 */
const PAID_ONCE = ['orders_one_paid_per_cart', 'orders_one_paid_per_upgrade', COUPON_REDEEMED_ONCE];

function paysCartTwice(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return code === '23505' && PAID_ONCE.includes(constraint ?? PAID_ONCE[0]!);
}

/**
 * Returns true when this call moved the order to `to`; false when it was already elsewhere, or
 * what the move requires did not hold. One statement: concurrent calls for one order queue on its
 * row lock, then re-check the guard. A move to paid of a cart (or an upgrade of a subscription,
 * or a coupon once per address) another order already paid moves the order to refund_due
 * instead (and answers false): the
 * database's unique index decides, so two nodes cannot both keep it. So does a move to paid that
 * its requirement refuses (an upgrade of a subscription that ended meanwhile).
 */
export async function transitionOrder(
  db: Database,
  consequences: OrderConsequences,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
  /**
   * A `, name as (…)` fragment the caller writes in the same statement, whether the order moves
   * or not (the provider's answer stored with the move it causes): one round trip, one commit.
   */
  alongside?: SQL,
): Promise<boolean> {
  let outcome: MoveOutcome;
  try {
    outcome = await moveOrder(db, consequences, orderId, to, source, alongside);
  } catch (error) {
    if (to !== 'paid' || !paysCartTwice(error)) throw error;
    outcome = 'refused';
  }
  if (outcome === 'refused' && to === 'paid') {
    await moveOrder(db, consequences, orderId, 'refund_due', source, alongside);
  }
  return outcome === 'moved';
}

/** An `alongside` fragment (transitionOrder) as a statement of its own, when nothing moves. */
export async function writeAlone(db: Database, alongside: SQL): Promise<void> {
  await queryRows(db, sql`with alone as (select 1)${alongside} select 1`);
}

/** Moved; not moved (it was elsewhere already); or refused by what the move requires. */
type MoveOutcome = 'moved' | 'unmoved' | 'refused';

function effectsOf(
  consequences: OrderConsequences,
  order: OrderFacts,
  to: OrderStatus,
  byCustomer: boolean,
): MoveEffects {
  if (to === 'paid') return consequences.paid(order);
  if (to === 'error' || to === 'canceled') return { effects: consequences.released };
  // A customer's refund; a provider's refund_due (another order paid the cart) has nothing to end.
  if (to === 'refund_due' && byCustomer) return consequences.refunding(order);
  return { effects: sql`` };
}

async function moveOrder(
  db: Database,
  consequences: OrderConsequences,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
  alongside: SQL | undefined,
): Promise<MoveOutcome> {
  // An order this process placed moves without a read; otherwise most repeated notifications
  // find the order already final, and are answered without a lock.
  const recalled = recallOrder(orderId);
  const [order] = recalled ? [recalled] : await orderById(db).execute({ id: orderId });
  if (!order || ('status' in order && !canTransition(order.status, to))) {
    if (alongside) await writeAlone(db, alongside);
    return 'unmoved';
  }
  // A paid order moves on only at its customer's request (a refund), or at staff's through the
  // console (issue 33), never by a provider's word; such a request moves nothing but a paid order.
  const byCustomer = source === 'customer' || source === 'staff';
  const from = ORDER_STATUSES.filter(
    (status) => canTransition(status, to) && (status === 'paid') === byCustomer,
  );
  const { effects, requires } = effectsOf(consequences, order, to, byCustomer);
  // refund_due and refunded leave the cart alone: another order paid it.
  const [result] = await queryRows<{ from_status: OrderStatus | null; status: OrderStatus }>(
    db,
    sql`
    with prev as (
      select id, status from orders where id = ${orderId} for update
    ), moved as (
      update orders set status = ${to}, updated_at = now() from prev
      where orders.id = prev.id and prev.status in (${sql.join(
        from.map((status) => sql`${status}`),
        sql`, `,
      )})${requires ? sql` and ${requires}` : sql``}
      returning prev.status as from_status, orders.cart_id
    ), event as (
      insert into order_events (order_id, from_status, to_status, source)
      select ${orderId}::uuid, from_status, ${to}, ${source} from moved
    )${effects}${alongside ?? sql``}
    select (select from_status from moved) as from_status, (select status from prev) as status`,
  );
  // Past its first answer an order rarely moves again; a late capture reads the row.
  if (!isWaiting(to)) forgetOrder(orderId);
  if (!result?.from_status) {
    // It could have moved, so only its requirement held it back.
    return result && from.includes(result.status) ? 'refused' : 'unmoved';
  }
  announceMove(orderId, to);
  return 'moved';
}
