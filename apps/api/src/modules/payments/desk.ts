/**
 * What the checkout offers the providers behind the port (PaymentDesk): the facts of a payment
 * they serve, their word given in their own page, which moves the order now, the method they
 * kept for renewals, and the disputes they report.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { findProvider, isRecordId } from '@checkout/core';
import { preparedQuery } from '../../db/client';
import { moveSubscriptions } from '../subscriptions/customer-actions';
import { orders } from '../orders/tables';
import type { DisputeAlert } from './dispute-alert';
import { moveOrder, type OutcomeDeps } from './outcome';
import type { PaymentDesk } from './providers/adapter';
import { paymentDisputes, payments } from './tables';

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

export function paymentDesk(
  deps: Pick<OutcomeDeps, 'db' | 'catalog'>,
  /** Tells the operators of a dispute; without it, disputes are decided but not told. */
  alert?: DisputeAlert,
): PaymentDesk {
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
    keepSavedMethod: async (paymentId, method) => {
      await deps.db
        .update(payments)
        .set({ savedMethod: method })
        .where(and(eq(payments.id, paymentId), isNull(payments.savedMethod)));
    },
    reportDispute: async (dispute) => {
      const [recorded] = await deps.db
        .insert(paymentDisputes)
        .values({
          paymentId: dispute.paymentId,
          reference: dispute.reference,
          orderId: dispute.orderId,
          eventCode: dispute.eventCode,
          chargeback: dispute.chargeback,
          amountMinor: dispute.amountMinor,
          currency: dispute.currency,
        })
        .onConflictDoNothing()
        .returning({ reference: paymentDisputes.reference });
      if (!recorded) return;
      if (dispute.endSubscriptions) {
        await moveSubscriptions(deps.db, { orderId: dispute.orderId }, 'canceled', {
          type: 'canceled',
          actor: 'provider',
          detail: { reason: dispute.eventCode.toLowerCase(), reference: dispute.reference },
        });
      }
      await alert?.(dispute);
    },
  };
}
