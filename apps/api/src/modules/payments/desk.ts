/**
 * What the checkout offers the providers behind the port (PaymentDesk): the facts of a payment
 * they serve, and their word given in their own page, which moves the order now.
 */
import { eq } from 'drizzle-orm';
import { findProvider, isRecordId } from '@checkout/core';
import { orders } from '../orders/tables';
import { moveOrder, type OutcomeDeps } from './outcome';
import type { PaymentDesk } from './providers/adapter';
import { payments } from './tables';

export function paymentDesk(deps: Pick<OutcomeDeps, 'db' | 'catalog'>): PaymentDesk {
  return {
    findPayment: async (paymentId) => {
      const [row] = isRecordId(paymentId)
        ? await deps.db
            .select({
              orderId: orders.id,
              provider: payments.provider,
              amountMinor: orders.totalMinor,
              currency: orders.currency,
              orderStatus: orders.status,
              cardLast4: payments.cardLast4,
            })
            .from(payments)
            .innerJoin(orders, eq(orders.id, payments.orderId))
            .where(eq(payments.id, paymentId))
        : [];
      const provider = row && findProvider(row.provider);
      if (!row || !provider) return undefined;
      return { ...row, paymentId, provider, currency: row.currency };
    },
    report: async (payment, status) => {
      await moveOrder(deps, payment.orderId, status, 'browser');
    },
  };
}
