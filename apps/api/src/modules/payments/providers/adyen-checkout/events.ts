/**
 * What each Adyen event does, applied once per pspReference and eventCode. Events that move an
 * order (AUTHORISATION, CAPTURE, CANCELLATION, REFUND) go through the one place orders move, the
 * provider's word winning as for every provider: a late CAPTURE pays an order the browser saw
 * fail. A CHARGEBACK or REFUND_FAILED is decided and written down (adyen_disputes), and told to
 * the operators; a chargeback also ends the order's subscriptions, so no renewal charges a
 * disputed card. Events of payments that are not ours (another system on the merchant account)
 * are accepted and left alone.
 */
import type { OrderStatus } from '@checkout/core';
import type { Database } from '../../../../db/client';
import { moveSubscriptions } from '../../../orders/subscription-actions';
import { applyNotification } from '../../callback';
import type { OutcomeDeps } from '../../outcome';
import type { PaymentDesk } from '../adapter';
import { fromAdyenValue } from './amounts';
import type { AdyenEvent } from './notifications';
import { keepSavedMethod, recordDispute, rememberWord, type Dispute } from './store';

export interface EventDeps {
  outcome: OutcomeDeps;
  db: Database;
  desk: PaymentDesk;
  /** Tells the operators about a dispute (a mail); the row is written first. */
  alert: (dispute: Dispute) => Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order status an event means; undefined for one that moves no order. */
function statusOf(event: AdyenEvent): OrderStatus | undefined {
  if (event.eventCode === 'AUTHORISATION') return event.success ? 'paid' : 'error';
  if (!event.success) return undefined;
  switch (event.eventCode) {
    case 'CAPTURE':
      return 'paid';
    case 'CANCELLATION':
      return 'canceled';
    case 'REFUND':
      return 'refunded';
    default:
      return undefined;
  }
}

const DECISIONS: Record<string, string> = {
  CHARGEBACK:
    'order kept paid (the money is with the issuer now); subscriptions canceled; operators mailed to defend or accept in the Customer Area',
  REFUND_FAILED:
    'order stays refunded in our books but the money did not go back; operators mailed to refund by hand',
};

export async function applyAdyenEvent(
  deps: EventDeps,
  event: AdyenEvent,
  receivedAt: Date,
): Promise<void> {
  const paymentId = event.merchantReference;
  const facts = UUID.test(paymentId) ? await deps.desk.findPayment(paymentId) : undefined;
  if (!facts) return;
  if (event.eventCode === 'AUTHORISATION') {
    await rememberWord(deps.db, paymentId, {
      pspReference: event.pspReference,
      resultCode: event.success ? 'Authorised' : 'Refused',
      refusalReason: event.success ? undefined : event.reason,
    });
  }
  // The card stored for renewals, when the payment's own answer did not carry it.
  if (event.eventCode === 'RECURRING_CONTRACT' && event.success) {
    await keepSavedMethod(deps.db, paymentId, `${facts.orderId}:${event.pspReference}`);
    return;
  }
  const decision = event.success ? DECISIONS[event.eventCode] : undefined;
  if (decision) {
    const dispute: Dispute = {
      pspReference: event.pspReference,
      paymentId,
      eventCode: event.eventCode,
      reason: event.reason,
      amountMinor: fromAdyenValue(event.amount.value, facts.currency),
      currency: event.amount.currency,
      decision,
    };
    if (!(await recordDispute(deps.db, dispute))) return;
    if (event.eventCode === 'CHARGEBACK') {
      await moveSubscriptions(deps.db, { orderId: facts.orderId }, 'canceled', {
        type: 'canceled',
        actor: 'provider',
        detail: { reason: 'chargeback', pspReference: event.pspReference },
      });
    }
    await deps.alert(dispute);
    return;
  }
  const status = statusOf(event);
  if (!status) return;
  const eventId = `adyen:${event.pspReference}:${event.eventCode}`;
  await applyNotification(deps.outcome, { eventId, paymentId, status }, receivedAt);
}
