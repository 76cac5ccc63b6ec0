/**
 * Moves an order along the allowed transitions, in one statement with the event that moved it
 * and its consequences: a paid order completes its cart, gets (or joins) the account of its
 * e-mail, redeems its coupon and creates the subscriptions; a failed or canceled one gives the
 * cart back to the shopper. One statement is one round trip and commits all or nothing.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  addPeriod,
  AppError,
  canTransition,
  ERROR_CODES,
  isRecordId,
  isWaiting,
  ORDER_STATUSES,
  type CartView,
  type OrderStatus,
  type OrderView,
} from '@checkout/core';
import { preparedQuery, queryRows, type Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import type { CartCaller } from '../carts/binding';
import { ownsCart } from '../carts/service';
import { ensureAccountSql } from '../identity/accounts';
import { forgetOrder, recallOrder, type OrderFacts } from './placed-orders';
import { orders } from './tables';

/**
 * What moved an order: the browser's return, a notification, a status poll, the provider's
 * answer to our own call, the expiry of an abandoned order, or the provider's refund.
 */
export type EventSource = 'browser' | 'webhook' | 'poll' | 'authorization' | 'expiry' | 'refund';

/** The subscriptions a paid order creates: one per line, the cross-sell plan its own. */
function subscriptionRows(catalog: Catalog, order: OrderFacts): SQL[] {
  const now = new Date();
  const snapshot = catalog.snapshot();
  return order.snapshot.lines.map((line) => {
    const plan = snapshot.plans.get(line.plan);
    const renewal = plan ? (snapshot.plans.get(plan.nextChargePlan) ?? plan) : undefined;
    const nextChargeMinor = renewal?.prices.get(order.currency)?.[0] ?? line.amountMinor;
    const nextChargeAt = addPeriod(now, line.period).toISOString();
    return sql`select ${order.id}::uuid, ${order.email}, ${line.plan}, 'active', ${order.currency},
      ${nextChargeAt}::timestamptz, ${nextChargeMinor}::bigint from moved`;
  });
}

/** What a paid order does besides moving: account, cart, coupon, subscriptions. */
function paidEffects(catalog: Catalog, order: OrderFacts): SQL {
  const coupon = order.snapshot.coupon;
  const rows = subscriptionRows(catalog, order);
  return sql`, account as (${ensureAccountSql(order.email, sql`moved`)}
    ), completed as (
      update carts set status = 'completed' from moved where carts.id = moved.cart_id
    )${
      coupon
        ? sql`, coupon as (
      insert into coupon_redemptions (coupon_code, email) select ${coupon}, ${order.email}
      from moved on conflict do nothing)`
        : sql``
    }${
      rows.length > 0
        ? sql`, subs as (
      insert into subscriptions
        (order_id, email, plan, status, currency, next_charge_at, next_charge_minor)
      ${sql.join(rows, sql` union all `)})`
        : sql``
    }`;
}

const orderById = preparedQuery((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('order_by_id'),
);

/** A failed or canceled payment gives the cart back to the shopper. */
const REOPEN_CART = sql`, reopened as (
      update carts set status = 'open' from moved
      where carts.id = moved.cart_id and carts.status = 'payment_started')`;

/** The one unique index a move can break: a second order paying a cart (orders_one_paid_per_cart). */
function paysCartTwice(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? error;
  const { code, constraint } = cause as { code?: string; constraint?: string };
  return (
    code === '23505' && (constraint ?? 'orders_one_paid_per_cart') === 'orders_one_paid_per_cart'
  );
}

/**
 * Returns true when this call moved the order to `to`; false when it was already elsewhere. One
 * statement: concurrent calls for one order queue on its row lock, then re-check the guard. A
 * move to paid of a cart another order already paid moves the order to refund_due instead
 * (and answers false): the database's unique index decides, so two nodes cannot both keep it.
 */
export async function transitionOrder(
  db: Database,
  catalog: Catalog,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
): Promise<boolean> {
  try {
    return await moveOrder(db, catalog, orderId, to, source);
  } catch (error) {
    if (to !== 'paid' || !paysCartTwice(error)) throw error;
    await moveOrder(db, catalog, orderId, 'refund_due', source);
    return false;
  }
}

/** Who is told of each order's move (the business metrics count paid and declined orders). */
type MoveListener = (orderId: string, to: OrderStatus) => void;
const moveListeners = new Set<MoveListener>();

/** Listens to every order's move in this process; returns the call that stops listening. */
export function onOrderMoved(listener: MoveListener): () => void {
  moveListeners.add(listener);
  return () => moveListeners.delete(listener);
}

async function moveOrder(
  db: Database,
  catalog: Catalog,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
): Promise<boolean> {
  // An order this process placed moves without a read; otherwise most repeated notifications
  // find the order already final, and are answered without a lock.
  const recalled = recallOrder(orderId);
  const [order] = recalled ? [recalled] : await orderById(db).execute({ id: orderId });
  if (!order || ('status' in order && !canTransition(order.status, to))) return false;
  const from = ORDER_STATUSES.filter((status) => canTransition(status, to));
  const effects =
    to === 'paid'
      ? paidEffects(catalog, order)
      : to === 'error' || to === 'canceled'
        ? REOPEN_CART
        : sql``;
  // refund_due and refunded leave the cart alone: another order paid it.
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
  for (const listener of moveListeners) listener(orderId, to);
  return true;
}

/**
 * Anyone holding an order id (a desktop app's deep link) learns its status and product; its
 * e-mail, cart and totals only the browser or account its cart belongs to.
 */
export async function getOrder(
  db: Database,
  catalog: Catalog,
  id: string,
  caller: CartCaller,
): Promise<OrderView> {
  const valid = isRecordId(id);
  const [order] = valid ? await orderById(db).execute({ id }) : [];
  if (!order) throw new AppError(ERROR_CODES.notFound, 'There is no such order.');
  const owner = await ownsCart(db, order.cartId, caller);
  return {
    id: order.id,
    status: order.status,
    productGroup: mainProduct(catalog, order.snapshot),
    cartId: owner ? order.cartId : null,
    email: owner ? order.email : null,
    currency: owner ? order.currency : null,
    totalMinor: owner ? order.totalMinor : null,
    taxMinor: owner ? order.taxMinor : null,
  };
}

function mainProduct(catalog: Catalog, cart: CartView): string | null {
  const main = cart.lines.find((line) => line.kind === 'main');
  return (main && catalog.snapshot().plans.get(main.plan)?.productId) ?? null;
}
