/**
 * What the checkout offers the providers behind the port (PaymentDesk): the facts of a payment
 * they serve, and their word given in their own page, which moves the order now.
 */
import { eq, sql } from 'drizzle-orm';
import { findProvider, isRecordId } from '@checkout/core';
import { preparedQuery } from '../../db/client';
import { orders } from '../orders/tables';
import { moveOrder, type OutcomeDeps } from './outcome';
import type { PaymentDesk } from './providers/adapter';
import { payments } from './tables';

/** Read for every notification and hosted page: a named statement, built and planned once. */
const paymentFacts = preparedQuery((db) =>
  db
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
    .where(eq(payments.id, sql.placeholder('paymentId')))
    .prepare('payment_facts'),
);

export function paymentDesk(deps: Pick<OutcomeDeps, 'db' | 'catalog'>): PaymentDesk {
  return {
    findPayment: async (paymentId) => {
      const [row] = isRecordId(paymentId) ? await paymentFacts(deps.db).execute({ paymentId }) : [];
      const provider = row && findProvider(row.provider);
      if (!row || !provider) return undefined;
      return { ...row, paymentId, provider, currency: row.currency };
    },
    report: async (payment, status) => {
      await moveOrder(deps, payment.orderId, status, 'browser');
    },
  };
}
