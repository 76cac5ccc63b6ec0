/**
 * The money-back window of an order (issue 20): its main plan's product says how many days
 * (catalog `refundWindowDays`, 30 by default), counted from the moment the order was paid.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_REFUND_WINDOW_DAYS, normalizeEmail } from '@checkout/core';
import { refundDeadline } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { isUuid } from './record-id';
import { orderEvents, orders } from './tables';

type OrderRow = typeof orders.$inferSelect;

/** The order if it is the account's (by its e-mail); undefined for anyone else's. */
export async function accountOrder(
  db: Database,
  id: string,
  email: string,
): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.email, normalizeEmail(email))));
  return row;
}

/** When each of these orders was paid (its move to paid); orders never paid are absent. */
export async function paidTimes(db: Database, orderIds: string[]): Promise<Map<string, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderEvents.orderId, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.toStatus, 'paid')));
  return new Map(rows.map((row) => [row.orderId, row.at]));
}

/** The last instant a paid order may be refunded at its customer's request. */
export function refundableUntil(catalog: Catalog, order: OrderRow, paidAt: Date): Date {
  const mainPlan = order.snapshot.lines[0]?.plan;
  const plan = mainPlan ? catalog.snapshot().plans.get(mainPlan) : undefined;
  return refundDeadline(paidAt, plan?.refundWindowDays ?? DEFAULT_REFUND_WINDOW_DAYS);
}

/** The last instant an order may be refunded within its window; undefined for no such order. */
export async function refundWindowEnd(
  db: Database,
  catalog: Catalog,
  orderId: string,
): Promise<Date | undefined> {
  if (!isUuid(orderId)) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const paidAt = (await paidTimes(db, [orderId])).get(orderId) ?? order.createdAt;
  return refundableUntil(catalog, order, paidAt);
}
