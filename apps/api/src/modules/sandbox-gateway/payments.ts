/** The sandbox's pages look up the payment they are for, with its order and provider. */
import { eq } from 'drizzle-orm';
import {
  findProvider,
  formatPrice,
  isRecordId,
  takesCardFields,
  type Currency,
  type ProviderSpec,
} from '@checkout/core';
import type { Database } from '../../../db/client';
import { orders } from '../../orders/tables';
import { payments } from '../tables';
import { familyFor } from './registry';
import type { SandboxPayment } from './sandbox-gateway';

export interface FoundPayment extends SandboxPayment {
  payment: typeof payments.$inferSelect;
  order: typeof orders.$inferSelect;
  provider: ProviderSpec;
  /** Paid through the card fields: its hosted page is the 3-D Secure challenge. */
  cardFields: boolean;
}

export async function findSandboxPayment(
  db: Database,
  id: string,
): Promise<FoundPayment | undefined> {
  const [row] = isRecordId(id)
    ? await db
        .select({ payment: payments, order: orders })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.id, id))
    : [];
  const provider = row && findProvider(row.payment.provider);
  if (!row || !provider) return undefined;
  const { payment, order } = row;
  return {
    payment,
    order,
    provider,
    cardFields: takesCardFields(provider),
    paymentId: payment.id,
    orderId: order.id,
    family: familyFor(provider),
  };
}

/** The amount as the sandbox's English pages show it. */
export const amountOf = (order: { totalMinor: number; currency: string }) =>
  formatPrice(order.totalMinor, order.currency as Currency, 'en-US');
