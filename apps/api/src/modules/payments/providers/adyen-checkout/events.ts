/**
 * Adyen's standard webhook on the notification inbox (docs/decisions/008-notification-inbox.md):
 * the batch is checked whole (notifications.ts) and its events recorded, once per pspReference
 * and eventCode; a job then applies each. Events that move an order
 * (AUTHORISATION, CAPTURE, CANCELLATION, REFUND) come back as notifications the payments module
 * applies, the provider's word winning as for every provider: a late CAPTURE pays an order the
 * browser saw fail. A CHARGEBACK or REFUND_FAILED is decided, written down (adyen_disputes) and
 * reported through the desk; a chargeback also ends the order's subscriptions. A
 * RECURRING_CONTRACT keeps the stored card when the payment's answer had none. Events of
 * payments that are not ours (reports, another system on the merchant account) are accepted and
 * left alone.
 */
import { fromAdyenValue, type OrderStatus } from '@checkout/core';
import type { Database } from '../../../../db/client';
import type { NotificationChannel, PaymentDesk, ProviderNotification } from '../adapter';
import type { AdyenConfig } from '../../../../provider-settings/adyen-checkout';
import { adyenEventSchema, readAdyenNotification, type AdyenEvent } from './notifications';
import { recordDispute, rememberWord } from './store';

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

const DECISIONS: Record<string, { decision: string; endSubscriptions: boolean }> = {
  CHARGEBACK: {
    decision:
      'order kept paid (the money is with the issuer now); subscriptions canceled; operators told to defend or accept it in the Customer Area',
    endSubscriptions: true,
  },
  REFUND_FAILED: {
    decision:
      'order stays refunded in our books but the money did not go back; operators told to refund by hand',
    endSubscriptions: false,
  },
};

async function readEvent(
  db: Database,
  desk: PaymentDesk,
  event: AdyenEvent,
): Promise<ProviderNotification | undefined> {
  const paymentId = event.merchantReference;
  const facts = UUID.test(paymentId) ? await desk.findPayment(paymentId) : undefined;
  if (!facts) return undefined;
  if (event.eventCode === 'AUTHORISATION') {
    await rememberWord(db, paymentId, {
      pspReference: event.pspReference,
      resultCode: event.success ? 'Authorised' : 'Refused',
      refusalReason: event.success ? undefined : event.reason,
    });
  }
  if (event.eventCode === 'RECURRING_CONTRACT' && event.success) {
    await desk.keepSavedMethod(paymentId, `${facts.orderId}:${event.pspReference}`);
    return undefined;
  }
  const dispute = event.success ? DECISIONS[event.eventCode] : undefined;
  if (dispute) {
    const report = {
      paymentId,
      orderId: facts.orderId,
      eventCode: event.eventCode,
      reference: event.pspReference,
      reason: event.reason,
      amountMinor: fromAdyenValue(event.amount.value, facts.currency),
      currency: event.amount.currency,
      chargeback: event.eventCode === 'CHARGEBACK',
      ...dispute,
    };
    // Written down once, here and by the desk, which acts on a repeat of the event no more.
    await recordDispute(db, {
      pspReference: report.reference,
      paymentId,
      eventCode: report.eventCode,
      reason: report.reason,
      amountMinor: report.amountMinor,
      currency: report.currency,
      decision: report.decision,
    });
    await desk.reportDispute(report);
    return undefined;
  }
  const status = statusOf(event);
  return status && { eventId: `adyen:${event.pspReference}:${event.eventCode}`, paymentId, status };
}

export function adyenNotifications(
  config: AdyenConfig,
  db: Database,
  desk: PaymentDesk,
): NotificationChannel {
  return {
    provider: 'adyen',
    acknowledgement: '[accepted]',
    verify: (incoming) => {
      const events = readAdyenNotification(config, incoming);
      if (events instanceof Error) return Promise.resolve(events);
      return Promise.resolve(
        events.map((event) => ({ id: `${event.pspReference}:${event.eventCode}`, event })),
      );
    },
    apply: async (recorded) => readEvent(db, desk, adyenEventSchema.parse(recorded)),
  };
}
