/** An account's orders and subscriptions, newest first, for the account dashboard. */
import { desc, eq } from 'drizzle-orm';
import { normalizeEmail } from '@checkout/core';
import type { DashboardView } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { paidTimes, refundableUntil } from '../orders/refund-window';
import { orders } from '../orders/tables';
import { subscriptions } from '../subscriptions/tables';

const LIMIT = 100;

/** Orders are linked to accounts by their (normalised) e-mail address. */
export async function accountHistory(
  db: Database,
  catalog: Catalog,
  email: string,
): Promise<Omit<DashboardView, 'email'>> {
  const address = normalizeEmail(email);
  const [orderRows, subscriptionRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.email, address))
      .orderBy(desc(orders.createdAt))
      .limit(LIMIT),
    db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, address))
      .orderBy(desc(subscriptions.createdAt))
      .limit(LIMIT),
  ]);
  const plans = catalog.snapshot().plans;
  const paid = orderRows.filter((row) => row.status === 'paid');
  const paidAt = await paidTimes(
    db,
    paid.map((row) => row.id),
  );
  const now = Date.now();
  // What paid for a subscription an upgrade replaced: its first order, or a renewal order of it.
  const replaced = subscriptionRows.filter((row) => row.replacedBy);
  const replacedOrders = new Set(replaced.map((row) => row.orderId));
  const replacedIds = new Set(replaced.map((row) => row.id));
  const wasReplaced = (row: (typeof orderRows)[number]) =>
    replacedOrders.has(row.id) ||
    (row.subscriptionId !== null && replacedIds.has(row.subscriptionId));
  /**
   * A paid order inside its money-back window may still be refunded, unless an upgrade replaced
   * what it paid for (self-service/service.ts); nothing else may.
   */
  const refundDeadline = (row: (typeof orderRows)[number]) => {
    const at = row.status === 'paid' && !wasReplaced(row) ? paidAt.get(row.id) : undefined;
    const until = at && refundableUntil(catalog, row, at);
    return until && until.getTime() > now ? until.toISOString() : null;
  };
  return {
    subscriptions: subscriptionRows.map((row) => {
      const plan = plans.get(row.plan);
      return {
        id: row.id,
        plan: row.plan,
        product: plan?.productId ?? null,
        period: plan ? { interval: plan.period.interval, unit: plan.period.unit } : null,
        status: row.status,
        currency: row.currency,
        nextChargeAt: row.nextChargeAt.toISOString(),
        nextChargeMinor: row.nextChargeMinor,
        orderId: row.orderId,
        autoRenew: row.autoRenew,
        endedAt: row.endedAt?.toISOString() ?? null,
      };
    }),
    orders: orderRows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      currency: row.currency,
      totalMinor: row.totalMinor,
      status: row.status,
      refundableUntil: refundDeadline(row),
    })),
  };
}
