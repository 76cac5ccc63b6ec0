/** What staff's partial refunds already gave back of an order (payment_refunds, issue 33). */
import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@checkout/core';
import type { Database } from '../../db/client';
import { orders } from '../orders/tables';
import { noSuchOrder } from './order-payment';
import { paymentRefunds } from './tables';

export interface RefundedSoFar {
  status: OrderStatus;
  totalMinor: number;
  /** What staff's partial refunds gave back; a whole refund gives back the rest. */
  partsMinor: number;
}

export type Reader = Pick<Database, 'select'>;

export async function refundedSoFar(db: Reader, orderId: string): Promise<RefundedSoFar> {
  const [row] = await db
    .select({
      status: orders.status,
      totalMinor: orders.totalMinor,
      partsMinor: sql<string>`(select coalesce(sum(${paymentRefunds.amountMinor}), 0)
        from ${paymentRefunds} where ${paymentRefunds.orderId} = ${orders.id}
        and not ${paymentRefunds.whole})`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) throw noSuchOrder();
  return { ...row, partsMinor: Number(row.partsMinor) };
}

/** What a whole refund asks the provider for: the rest, once parts were given back. */
export async function restToRefund(db: Reader, orderId: string): Promise<number | undefined> {
  const { totalMinor, partsMinor } = await refundedSoFar(db, orderId);
  return partsMinor > 0 ? totalMinor - partsMinor : undefined;
}
