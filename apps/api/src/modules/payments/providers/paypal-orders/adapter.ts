/**
 * PayPal behind the payments port, through PayPal's REST API (Orders v2, Payments v2): an order
 * with intent CAPTURE per payment (our payment id as `custom_id` and `invoice_id`), approved by
 * the payer on PayPal's page (redirect) or in PayPal's buttons (in-context), captured as soon as
 * it is approved, by whichever comes first: the return to our address, the buttons' onApprove,
 * PayPal's CHECKOUT.ORDER.APPROVED webhook, or a refresh of a late order. Every write carries a
 * PayPal-Request-Id derived from our payment id, so a repeat never creates, captures or refunds
 * twice. A renewing order's wallet is vaulted at its first payment and charged again,
 * merchant-initiated, by its vault id.
 */
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import type { Currency, OrderStatus, PaymentAction } from '@checkout/core';
import type { Database } from '../../../../db/client';
import type { PaymentAdapter, PaymentDesk, PaymentRef, SavedMethodCharge } from '../adapter';
import { toPayPalMoney } from './amounts';
import { paypalClient, PayPalRefusal, type PayPalClient } from './client';
import type { PayPalConfig } from '../../../../provider-settings/paypal-orders';
import { paypalNotifications } from './events';
import {
  approvalLinkOf,
  captureOf,
  statusOfCapture,
  vaultedWalletOf,
  type PayPalCapture,
  type PayPalOrder,
} from './results';
import { recordOf, rememberOrder, rememberWord, type PayPalRecord } from './store';

export interface PayPalSetting {
  config: PayPalConfig;
  db: Database;
  desk: PaymentDesk;
  /** The checkout's public origin: PayPal returns the shopper there. */
  publicOrigin: string;
  /** Tests: a shorter timeout than PayPal's 15 s. */
  timeoutMs?: number;
}

/** Our words for a capture PayPal answered, and the order's next step for the browser. */
export interface Settled {
  action: PaymentAction;
  status: OrderStatus | undefined;
}

export interface PayPalAdapter extends PaymentAdapter {
  submitDetails: NonNullable<PaymentAdapter['submitDetails']>;
  chargeSavedMethod: NonNullable<PaymentAdapter['chargeSavedMethod']>;
  /** Refunds a payment's capture, whole or `amountMinor` of it, once per payment and amount. */
  refundPayment: (payment: PaymentRef, amountMinor?: number) => Promise<void>;
  /** Captures the approved order of a payment; undefined while PayPal waits for the payer. */
  capture: (record: PayPalRecord) => Promise<OrderStatus | undefined>;
  /** Marks a payment's order as left by the payer, so a late approval never captures it. */
  forget: (paymentId: string) => Promise<void>;
}

/** An outage or timeout: the shopper may try again; the order is recoverable. */
function outage(): AppError {
  return new AppError(
    ERROR_CODES.unavailable,
    'The payment provider is not answering right now. Nothing more will be charged; please try again in a moment.',
  );
}

/** Our own word on an order the payer left (canceled, replaced): never captured after. */
const LEFT = 'LEFT_BY_PAYER';

export function paypalAdapter(setting: PayPalSetting): PayPalAdapter {
  const { config, db, desk } = setting;
  const client: PayPalClient = paypalClient(config, setting.timeoutMs);
  const at = (path: string) => new URL(path, setting.publicOrigin).toString();

  /** A call to PayPal: its refusals pass through, anything else is an outage. */
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      if (error instanceof PayPalRefusal) throw error;
      throw outage();
    }
  };

  const keepCapture = async (paymentId: string, order: PayPalOrder, capture?: PayPalCapture) => {
    const found = capture ?? captureOf(order);
    await rememberWord(db, paymentId, {
      status: found?.status ?? order.status ?? 'UNKNOWN',
      captureId: found?.id,
      reason: found?.status_details?.reason,
    });
    const wallet = vaultedWalletOf(order);
    if (wallet) await desk.keepSavedMethod(paymentId, wallet);
    return statusOfCapture(found?.status);
  };

  const capture = async (record: PayPalRecord): Promise<OrderStatus | undefined> => {
    if (record.status === LEFT) return undefined;
    const path = `/v2/checkout/orders/${encodeURIComponent(record.paypalOrderId)}`;
    let order: PayPalOrder;
    try {
      order = await call(() =>
        client.post<PayPalOrder>(`${path}/capture`, {}, `capture-${record.paymentId}`),
      );
    } catch (error) {
      if (!(error instanceof PayPalRefusal)) throw error;
      switch (error.issue) {
        case 'ORDER_ALREADY_CAPTURED':
          order = await call(() => client.get<PayPalOrder>(path));
          break;
        case 'ORDER_NOT_APPROVED':
        case 'PAYER_ACTION_REQUIRED':
          return undefined;
        default:
          // INSTRUMENT_DECLINED, a compliance refusal…: declined, the cart pays again.
          await rememberWord(db, record.paymentId, { status: 'DECLINED', reason: error.issue });
          return 'error';
      }
    }
    return keepCapture(record.paymentId, order);
  };

  /** The payment's record, refusing a PayPal order id that is not the one PayPal gave it. */
  const ownRecord = async (paymentId: string, paypalOrderId: string) => {
    const record = await recordOf(db, paymentId);
    if (!record || record.paypalOrderId !== paypalOrderId)
      throw new AppError(ERROR_CODES.validation, 'This PayPal approval is for another payment.', [
        { path: 'details', message: 'invalid' },
      ]);
    return record;
  };

  const settledAction = (orderId: string, status: OrderStatus | undefined): PaymentAction =>
    status === 'error' || status === 'canceled'
      ? { type: 'error', orderId, reason: status === 'error' ? 'declined' : 'failed' }
      : { type: 'done', orderId };

  const purchaseUnit = (paymentId: string, amountMinor: number, currency: Currency) => ({
    custom_id: paymentId,
    invoice_id: paymentId,
    amount: toPayPalMoney(amountMinor, currency),
  });

  const chargeSavedMethod = async (charge: SavedMethodCharge): Promise<OrderStatus> => {
    const request = {
      intent: 'CAPTURE',
      purchase_units: [purchaseUnit(charge.paymentId, charge.amountMinor, charge.currency)],
      payment_source: { paypal: { vault_id: charge.method } },
    };
    let order: PayPalOrder;
    try {
      order = await call(() =>
        client.post<PayPalOrder>('/v2/checkout/orders', request, `order-${charge.paymentId}`),
      );
    } catch (error) {
      if (error instanceof PayPalRefusal) return 'error';
      throw error;
    }
    await rememberOrder(db, {
      paymentId: charge.paymentId,
      paypalOrderId: order.id,
      status: order.status ?? 'UNKNOWN',
      returnPath: '/processing/',
    });
    const status = await keepCapture(charge.paymentId, order);
    return status === 'paid' || status === 'pending' ? status : 'error';
  };

  const forget = async (paymentId: string) => {
    await rememberWord(db, paymentId, { status: LEFT });
  };

  const adapter: PayPalAdapter = {
    checkPaymentData: (provider) => {
      if (provider.family !== 'paypal')
        throw new AppError(ERROR_CODES.providerUnavailable, `${provider.id} is not PayPal.`);
    },
    createPayment: async (payment) => {
      const request = {
        intent: 'CAPTURE',
        purchase_units: [purchaseUnit(payment.paymentId, payment.amountMinor, payment.currency)],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: at(`/api/paypal/return/${payment.paymentId}/`),
              cancel_url: at(`/api/paypal/cancel/${payment.paymentId}/`),
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
            ...(payment.reusable
              ? {
                  attributes: {
                    vault: {
                      store_in_vault: 'ON_SUCCESS',
                      usage_type: 'MERCHANT',
                      usage_pattern: 'RECURRING_PREPAID',
                      customer_type: 'CONSUMER',
                    },
                  },
                }
              : {}),
          },
        },
      };
      let order: PayPalOrder;
      try {
        order = await call(() =>
          client.post<PayPalOrder>('/v2/checkout/orders', request, `order-${payment.paymentId}`),
        );
      } catch (error) {
        if (!(error instanceof PayPalRefusal)) throw error;
        return {
          action: { type: 'error', orderId: payment.orderId, reason: 'failed' },
          status: 'error',
        };
      }
      await rememberOrder(db, {
        paymentId: payment.paymentId,
        paypalOrderId: order.id,
        status: order.status ?? 'CREATED',
        returnPath: payment.returnPath,
      });
      const url = approvalLinkOf(order);
      if (!url)
        return {
          action: { type: 'error', orderId: payment.orderId, reason: 'failed' },
          status: 'error',
        };
      const action: PaymentAction =
        payment.provider.action === 'frontend_action'
          ? {
              type: 'frontend_action',
              orderId: payment.orderId,
              url,
              providerAction: { type: 'paypal', orderID: order.id },
            }
          : { type: 'redirect', orderId: payment.orderId, url };
      return { action, status: undefined };
    },
    // The buttons' onApprove (and a return the browser reports) hand over PayPal's order id.
    submitDetails: async (payment, details) => {
      // Whichever name the browser gave it; ownRecord checks it is this payment's PayPal order.
      const [token = ''] = Object.values(details);
      const record = await ownRecord(payment.paymentId, token);
      const status = await capture(record);
      return { action: settledAction(payment.orderId, status), status };
    },
    // PayPal's notifications come to /api/callback/paypal/ (its webhook), never the shared address.
    verifyNotification: () => Promise.resolve(undefined),
    notifications: paypalNotifications({ client, config, db, desk, capture }),
    // PayPal has no void for an order it has not captured: it lapses. Ours is marked left, so
    // a late approval (a return, a webhook) never captures it.
    cancelPayment: (payment) => forget(payment.paymentId),
    forget,
    refundPayment: async (payment, amountMinor) => {
      const [record, facts] = await Promise.all([
        recordOf(db, payment.paymentId),
        desk.findPayment(payment.paymentId),
      ]);
      if (!record?.captureId || !facts)
        throw new Error(`paypal: no capture for ${payment.paymentId}`);
      const partial = amountMinor !== undefined && amountMinor !== facts.amountMinor;
      const body = {
        invoice_id: payment.paymentId,
        custom_id: payment.paymentId,
        ...(partial ? { amount: toPayPalMoney(amountMinor, facts.currency) } : {}),
      };
      const requestId = partial
        ? `refund-${payment.paymentId}-${amountMinor}`
        : `refund-${payment.paymentId}`;
      try {
        await call(() =>
          client.post(
            `/v2/payments/captures/${encodeURIComponent(record.captureId ?? '')}/refund`,
            body,
            requestId,
          ),
        );
      } catch (error) {
        if (!(error instanceof PayPalRefusal)) throw error;
        // Refunded already (through PayPal's dashboard, or a request id PayPal forgot).
        if (!partial && error.issue === 'CAPTURE_FULLY_REFUNDED') return;
        throw new AppError(
          ERROR_CODES.conflict,
          'The payment provider refused to change this payment.',
        );
      }
    },
    refreshStatus: async (payment) => {
      const record = await recordOf(db, payment.paymentId);
      if (!record || record.status === LEFT) return undefined;
      if (record.captureId) {
        const found = await call(() =>
          client.get<PayPalCapture>(
            `/v2/payments/captures/${encodeURIComponent(record.captureId ?? '')}`,
          ),
        );
        await rememberWord(db, payment.paymentId, {
          status: found.status ?? record.status,
          reason: found.status_details?.reason,
        });
        return statusOfCapture(found.status);
      }
      const order = await call(() =>
        client.get<PayPalOrder>(`/v2/checkout/orders/${encodeURIComponent(record.paypalOrderId)}`),
      );
      if (order.status === 'APPROVED') return capture(record);
      if (order.status === 'VOIDED') return 'canceled';
      if (order.status === 'COMPLETED') return keepCapture(payment.paymentId, order);
      return undefined;
    },
    chargeSavedMethod,
    capture,
  };
  return adapter;
}
