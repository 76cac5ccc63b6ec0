/**
 * PayPal's webhook, read into our words: a delivery is verified whole (notifications.ts), then
 * each event is applied once per event id (the payments module records `paypal:<id>`), the
 * provider's word winning as for every provider. CHECKOUT.ORDER.APPROVED captures an order the
 * browser never came back for; PAYMENT.CAPTURE.COMPLETED, .PENDING, .DENIED and .REFUNDED move the
 * order; VAULT.PAYMENT-TOKEN.CREATED keeps the wallet for renewals when the capture's answer had
 * none; PAYMENT.CAPTURE.REVERSED and CUSTOMER.DISPUTE.CREATED are decided, written down
 * (paypal_disputes) and reported through the desk, ending the order's subscriptions. Events of
 * payments that are not ours are accepted and left alone.
 */
import { isRecordId, type OrderStatus } from '@checkout/core';
import type { Database } from '../../../../db/client';
import type { NotificationChannel, PaymentDesk, ProviderNotification } from '../adapter';
import { fromPayPalMoney, type PayPalMoney } from './amounts';
import type { PayPalClient } from './client';
import type { PayPalConfig } from '../../../../provider-settings/paypal-orders';
import { paypalEventSchema, verifyPayPalWebhook, type PayPalEvent } from './notifications';
import { statusOfCapture } from './results';
import {
  recordByPayPalId,
  recordDispute,
  recordOf,
  rememberWord,
  type PayPalRecord,
} from './store';

export interface PayPalEventDeps {
  client: PayPalClient;
  config: PayPalConfig;
  db: Database;
  desk: PaymentDesk;
  /** Captures an approved order (the adapter's capture). */
  capture: (record: PayPalRecord) => Promise<OrderStatus | undefined>;
}

const DECISION =
  'order kept paid (the money is held by PayPal now); subscriptions canceled; operators told to answer it in the PayPal Resolution Center';

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

const moneyOf = (value: unknown): PayPalMoney | undefined => {
  const money = value as Partial<PayPalMoney> | undefined;
  return typeof money?.currency_code === 'string' && typeof money.value === 'string'
    ? { currency_code: money.currency_code, value: money.value }
    : undefined;
};

/** Our payment an event names: by custom_id, or by PayPal's order or capture id. */
async function recordFor(db: Database, event: PayPalEvent): Promise<PayPalRecord | undefined> {
  const resource = event.resource;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return recordByPayPalId(db, { orderId: str(resource.id) });
    case 'VAULT.PAYMENT-TOKEN.CREATED': {
      const metadata = resource.metadata as { order_id?: unknown } | undefined;
      return recordByPayPalId(db, { orderId: str(metadata?.order_id) });
    }
    case 'CUSTOMER.DISPUTE.CREATED': {
      const [disputed] = (resource.disputed_transactions ?? []) as {
        seller_transaction_id?: unknown;
      }[];
      return recordByPayPalId(db, { captureId: str(disputed?.seller_transaction_id) });
    }
    default: {
      const paymentId = str(resource.custom_id) ?? str(resource.invoice_id);
      return paymentId && isRecordId(paymentId) ? recordOf(db, paymentId) : undefined;
    }
  }
}

/** Applies one verified event; answers the order status it means, when it moves one. */
export async function applyPayPalEvent(
  deps: PayPalEventDeps,
  event: PayPalEvent,
): Promise<ProviderNotification | undefined> {
  const { db, desk } = deps;
  const record = await recordFor(db, event);
  const facts = record && (await desk.findPayment(record.paymentId));
  if (!record || !facts) return undefined;
  const paymentId = record.paymentId;
  const notification = (status: OrderStatus | undefined) =>
    status && { eventId: `paypal:${event.id}`, paymentId, status };
  const resource = event.resource;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return notification(facts.orderStatus === 'new' ? await deps.capture(record) : undefined);
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED': {
      const status = str(resource.status);
      const details = resource.status_details as { reason?: unknown } | undefined;
      await rememberWord(db, paymentId, {
        status: status ?? 'UNKNOWN',
        captureId: str(resource.id),
        reason: str(details?.reason),
      });
      return notification(statusOfCapture(status));
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
      return notification('refunded');
    case 'VAULT.PAYMENT-TOKEN.CREATED': {
      const token = str(resource.id);
      if (token) await desk.keepSavedMethod(paymentId, token);
      return undefined;
    }
    case 'PAYMENT.CAPTURE.REVERSED':
    case 'CUSTOMER.DISPUTE.CREATED': {
      const money = moneyOf(resource.amount ?? resource.dispute_amount);
      const amountMinor = (money && fromPayPalMoney(money, facts.currency)) ?? facts.amountMinor;
      const reason = str(resource.reason) ?? str(resource.note_to_payer);
      const report = {
        paymentId,
        orderId: facts.orderId,
        eventCode: event.event_type,
        reference: event.id,
        reason,
        amountMinor,
        currency: facts.currency,
        decision: DECISION,
        endSubscriptions: true,
        // A reversal took the money back; a dispute has PayPal hold it for the buyer.
        chargeback: true,
      };
      // Written down once, here and by the desk, which acts on a repeat of the event no more.
      await recordDispute(db, {
        eventId: event.id,
        paymentId,
        eventType: event.event_type,
        reason,
        amountMinor,
        currency: facts.currency,
        decision: DECISION,
      });
      await desk.reportDispute(report);
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * PayPal's channel of the notification inbox (/api/callback/paypal/): a delivery is verified
 * with PayPal and recorded by its event id; a job applies it later, once.
 */
export function paypalNotifications(deps: PayPalEventDeps): NotificationChannel {
  return {
    provider: 'paypal',
    acknowledgement: '',
    verify: async (incoming) => {
      const events = await verifyPayPalWebhook(deps.client, deps.config, incoming);
      if (events instanceof Error) return events;
      return events.map((event) => ({ id: event.id, event }));
    },
    apply: (recorded) => applyPayPalEvent(deps, paypalEventSchema.parse(recorded)),
  };
}
