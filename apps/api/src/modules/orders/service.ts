/**
 * Moves an order along the allowed transitions, in one transaction with the event that moved it
 * and its consequences: a paid order completes its cart, redeems its coupon and creates the
 * subscriptions; a failed or canceled one gives the cart back to the shopper.
 */
import { and, eq } from 'drizzle-orm';
import {
  AppError,
  canTransition,
  ERROR_CODES,
  isRecordId,
  type CartView,
  type OrderStatus,
  type OrderView,
} from '@checkout/core';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { carts, couponRedemptions } from '../carts/tables';
import { ensureAccount } from '../identity/accounts';
import { orderEvents, orders, subscriptions } from './tables';

/** What moved an order: the browser's return, a notification, a status poll, or the provider's answer to our own call. */
export type EventSource = 'browser' | 'webhook' | 'poll' | 'authorization';

const MONTHS = { Day: 0, Week: 0, Month: 1, Year: 12 } as const;

function addPeriod(from: Date, period: { interval: number; unit: string }): Date {
  const next = new Date(from);
  const months = (MONTHS[period.unit as keyof typeof MONTHS] ?? 0) * period.interval;
  if (months > 0) next.setUTCMonth(next.getUTCMonth() + months);
  else next.setUTCDate(next.getUTCDate() + period.interval * (period.unit === 'Week' ? 7 : 1));
  return next;
}

/** Returns true when this call moved the order; false when it was already elsewhere. */
export async function transitionOrder(
  db: Database,
  catalog: Catalog,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
): Promise<boolean> {
  // Most repeated notifications find the order already final: answer them without a lock.
  const [current] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!current || !canTransition(current.status, to)) return false;
  return db.transaction(async (tx) => {
    // Row lock: concurrent notifications for the same order queue up here, then re-check.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !canTransition(order.status, to)) return false;
    await tx
      .update(orders)
      .set({ status: to, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    await tx
      .insert(orderEvents)
      .values({ orderId, fromStatus: order.status, toStatus: to, source });
    if (to === 'paid') {
      const cart = order.snapshot as CartView;
      // A purchase made logged out gets (or joins) the account of its e-mail address.
      await ensureAccount(tx, order.email);
      await tx.update(carts).set({ status: 'completed' }).where(eq(carts.id, order.cartId));
      if (cart.coupon) {
        await tx
          .insert(couponRedemptions)
          .values({ couponCode: cart.coupon, email: order.email })
          .onConflictDoNothing();
      }
      const now = new Date();
      const snapshot = catalog.snapshot();
      for (const line of cart.lines) {
        const plan = snapshot.plans.get(line.plan);
        const renewal = plan ? (snapshot.plans.get(plan.nextChargePlan) ?? plan) : undefined;
        await tx.insert(subscriptions).values({
          orderId,
          email: order.email,
          plan: line.plan,
          status: 'active',
          currency: order.currency,
          nextChargeAt: addPeriod(now, line.period),
          nextChargeMinor: renewal?.prices.get(order.currency)?.[0] ?? line.amountMinor,
        });
      }
    }
    if (to === 'error' || to === 'canceled') {
      await tx
        .update(carts)
        .set({ status: 'open' })
        .where(and(eq(carts.id, order.cartId), eq(carts.status, 'payment_started')));
    }
    return true;
  });
}

export async function getOrder(db: Database, catalog: Catalog, id: string): Promise<OrderView> {
  const valid = isRecordId(id);
  const [order] = valid ? await db.select().from(orders).where(eq(orders.id, id)) : [];
  if (!order) throw new AppError(ERROR_CODES.notFound, 404, 'There is no such order.');
  return {
    id: order.id,
    cartId: order.cartId,
    status: order.status,
    email: order.email,
    currency: order.currency,
    totalMinor: order.totalMinor,
    taxMinor: order.taxMinor,
    productGroup: mainProduct(catalog, order.snapshot as CartView),
  };
}

function mainProduct(catalog: Catalog, cart: CartView): string | null {
  const main = cart.lines.find((line) => line.kind === 'main');
  return (main && catalog.snapshot().plans.get(main.plan)?.productId) ?? null;
}
