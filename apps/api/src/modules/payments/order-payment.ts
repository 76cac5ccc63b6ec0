/** An order's payment with its provider and the order's status: what payment steps act on. */
import { eq } from 'drizzle-orm';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { findProvider, type OrderStatus, type ProviderSpec } from '@checkout/core';
import type { Database } from '../../db/client';
import { orders } from '../orders/tables';
import { payments } from './tables';

export interface OrderPayment {
  paymentId: string;
  orderId: string;
  provider: ProviderSpec;
  status: OrderStatus;
  updatedAt: Date;
  cartId: string;
}

export const noSuchOrder = () => new AppError(ERROR_CODES.notFound, 'There is no such order.');

export async function paymentOf(db: Database, orderId: string): Promise<OrderPayment> {
  const [row] = await db
    .select({
      paymentId: payments.id,
      provider: payments.provider,
      status: orders.status,
      updatedAt: orders.updatedAt,
      cartId: orders.cartId,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.orderId, orderId));
  const provider = row && findProvider(row.provider);
  if (!row || !provider) throw noSuchOrder();
  return { ...row, orderId, provider };
}
