/**
 * Adyen behind the payments port, on Adyen's own library (Checkout API v71, advanced flow):
 * /paymentMethods decides what is offered, /payments starts, /payments/details finishes a
 * redirect or 3-D Secure step, /refunds and /cancels give back. `reference` is our payment id,
 * and every call carries an idempotency key derived from it, so a repeat never charges or refunds
 * twice. Adyen has no status lookup in Checkout: its word arrives by webhook (events.ts), and
 * refreshStatus answers the last word kept.
 */
import { createHash, randomUUID } from 'node:crypto';
import { HttpClientException, type Types } from '@adyen/api-library';
import { LRUCache } from 'lru-cache';
import { AppError, ERROR_CODES, type ProviderConfiguration } from '@checkout/core/contract';
import {
  toAdyenAmount,
  type ComponentData,
  type OrderStatus,
  type ProviderSpec,
  withOrderId,
} from '@checkout/core';
import type { Database } from '../../../../db/client';
import type {
  CardStep,
  PaymentAdapter,
  PaymentDesk,
  PaymentRef,
  SavedCard,
  SavedMethodCharge,
} from '../adapter';
import { adyen } from '../adyen';
import { checkoutApi } from './client';
import { adyenNotifications } from './events';
import type { AdyenConfig } from '../../../../provider-settings/adyen-checkout';
import { adyenMethodOf, offeredVariants } from './methods';
import { readResult } from './results';
import { rememberWord, wordOf } from './store';

type PaymentRequest = Types.checkout.PaymentRequest;

/** Methods Adyen can keep for merchant-initiated renewals. */
const REUSABLE_TYPES = new Set(['scheme', 'applepay', 'googlepay']);

export interface AdyenSetting {
  config: AdyenConfig;
  db: Database;
  desk: PaymentDesk;
  /** The checkout's public origin: Adyen returns the shopper there. */
  publicOrigin: string;
}

export interface AdyenAdapter extends PaymentAdapter {
  checkPaymentData: NonNullable<PaymentAdapter['checkPaymentData']>;
  saveComponentCard: NonNullable<PaymentAdapter['saveComponentCard']>;
  finishComponentCard: NonNullable<PaymentAdapter['finishComponentCard']>;
  offers: NonNullable<PaymentAdapter['offers']>;
  submitDetails: NonNullable<PaymentAdapter['submitDetails']>;
}

/** A refusal of Adyen's (4xx): the request was wrong or refused, nothing was charged. */
const refusedByAdyen = (error: unknown): boolean =>
  error instanceof HttpClientException && error.statusCode >= 400 && error.statusCode < 500;

/** An outage or timeout: the shopper may try again; the order is recoverable. */
function outage(): AppError {
  return new AppError(
    ERROR_CODES.unavailable,
    'The payment provider is not answering right now. Nothing more will be charged; please try again in a moment.',
  );
}

/** Our saved method: Adyen's stored method id and the shopper reference it belongs to. */
const savedMethodOf = (shopperReference: string, storedId: string) =>
  `${shopperReference}:${storedId}`;

export function adyenAdapter(setting: AdyenSetting): AdyenAdapter {
  const { config, db, desk } = setting;
  const api = checkoutApi(config);
  const merchantAccount = config.merchantAccount;
  const returnUrl = (path: string, orderId: string) =>
    new URL(withOrderId(path, orderId), setting.publicOrigin).toString();
  /** What /paymentMethods offered lately per country, currency and amount. */
  const offered = new LRUCache<string, Map<string, ProviderConfiguration | undefined>>({
    max: 2000,
    ttl: 5 * 60_000,
  });

  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      if (refusedByAdyen(error)) throw error;
      throw outage();
    }
  };

  /** A modification Adyen refuses (4xx) is a conflict the caller answers, never a 500. */
  const modify = (request: () => Promise<unknown>) =>
    call(request).catch((error: unknown) => {
      if (!refusedByAdyen(error)) throw error;
      throw new AppError(
        ERROR_CODES.conflict,
        'The payment provider refused to change this payment.',
      );
    });

  /** Amount and psp of one of our payments, for modifications. */
  const modificationOf = async (payment: PaymentRef) => {
    const [facts, word] = await Promise.all([
      desk.findPayment(payment.paymentId),
      wordOf(db, payment.paymentId),
    ]);
    if (!facts) throw new Error(`adyen: unknown payment ${payment.paymentId}`);
    return { facts, pspReference: word?.pspReference ?? undefined };
  };

  const chargeSavedMethod = async (charge: SavedMethodCharge): Promise<OrderStatus> => {
    const [shopperReference, storedId] = charge.method.split(':');
    if (!shopperReference || !storedId) return 'error';
    const request: PaymentRequest = {
      amount: toAdyenAmount(charge.amountMinor, charge.currency),
      merchantAccount,
      reference: charge.paymentId,
      returnUrl: returnUrl('/processing/', charge.orderId),
      paymentMethod: {
        type: 'scheme',
        storedPaymentMethodId: storedId,
      } as PaymentRequest['paymentMethod'],
      shopperReference,
      shopperInteraction: 'ContAuth' as PaymentRequest['shopperInteraction'],
      recurringProcessingModel: 'Subscription' as PaymentRequest['recurringProcessingModel'],
    };
    const answer = await call(() =>
      api.PaymentsApi.payments(request, { idempotencyKey: `pay-${charge.paymentId}` }),
    ).catch((error: unknown) => {
      if (refusedByAdyen(error)) return { resultCode: 'Error' } as Types.checkout.PaymentResponse;
      throw error;
    });
    const resultCode = String(answer.resultCode ?? 'Error');
    await rememberWord(db, charge.paymentId, {
      pspReference: answer.pspReference,
      resultCode,
      refusalReason: answer.refusalReason,
    });
    const status = adyen.statusFor(resultCode);
    return status === 'canceled' || status === undefined ? 'error' : status;
  };

  /**
   * The update-card page: a zero-value payment that only stores the card for the subscription's
   * shopper (its first order's id), as Adyen's card verification does. Its reference names the
   * shopper, so that a 3-D Secure result the customer brings back is checked to be for this
   * subscription's card before the card is kept.
   */
  const cardReference = (shopperReference: string) => `card-${shopperReference}-`;
  const keptCard = (
    answer: Types.checkout.PaymentResponse | Types.checkout.PaymentDetailsResponse | undefined,
    shopperReference: string,
  ): SavedCard | CardStep | undefined => {
    if (!answer?.merchantReference?.startsWith(cardReference(shopperReference))) return undefined;
    const resultCode = String(answer.resultCode);
    const action = 'action' in answer ? answer.action : undefined;
    if ((resultCode === 'ChallengeShopper' || resultCode === 'IdentifyShopper') && action)
      return { providerAction: action as unknown as Record<string, unknown> };
    const extra = answer.additionalData ?? {};
    const stored = extra['recurring.recurringDetailReference'];
    const last4 = extra.cardSummary;
    if (resultCode !== 'Authorised' || !stored || !last4) return undefined;
    return {
      method: savedMethodOf(shopperReference, stored),
      card: { brand: extra.paymentMethod ?? null, last4, expiry: extra.expiryDate ?? '' },
    };
  };
  const refusedAsUndefined = (error: unknown) => {
    if (refusedByAdyen(error)) return undefined;
    throw error;
  };

  const saveComponentCard: AdyenAdapter['saveComponentCard'] = async (data, shopper) => {
    if (!REUSABLE_TYPES.has(data.paymentMethod.type as string)) return undefined;
    const reference = `${cardReference(shopper.shopperReference)}${randomUUID()}`;
    const request: PaymentRequest = {
      amount: toAdyenAmount(0, shopper.currency),
      merchantAccount,
      reference,
      returnUrl: new URL('/dashboard/', setting.publicOrigin).toString(),
      paymentMethod: data.paymentMethod,
      channel: 'Web' as PaymentRequest['channel'],
      origin: setting.publicOrigin,
      shopperInteraction: 'Ecommerce' as PaymentRequest['shopperInteraction'],
      storePaymentMethod: true,
      shopperReference: shopper.shopperReference,
      recurringProcessingModel: 'Subscription' as PaymentRequest['recurringProcessingModel'],
      // A card whose issuer wants a challenge before it is stored gets it in Adyen's component.
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' as never } },
      ...(data.browserInfo
        ? { browserInfo: data.browserInfo as unknown as PaymentRequest['browserInfo'] }
        : {}),
    };
    const answer = await call(() =>
      api.PaymentsApi.payments(request, { idempotencyKey: `store-${reference}` }),
    ).catch(refusedAsUndefined);
    return keptCard(answer, shopper.shopperReference);
  };

  const finishComponentCard: AdyenAdapter['finishComponentCard'] = async (details, shopper) => {
    const answer = await call(() =>
      api.PaymentsApi.paymentsDetails(
        { details },
        {
          idempotencyKey: `store-details-${createHash('sha256').update(details.threeDSResult).digest('hex')}`,
        },
      ),
    ).catch(refusedAsUndefined);
    return keptCard(answer, shopper.shopperReference);
  };

  return {
    checkPaymentData: (provider: ProviderSpec, data: ComponentData | undefined) => {
      const method = adyenMethodOf(provider.id);
      if (!method)
        throw new AppError(
          ERROR_CODES.providerUnavailable,
          `${provider.id} is not offered by Adyen.`,
        );
      if (method.needsComponent && !data)
        throw new AppError(ERROR_CODES.validation, 'Enter the payment details first.', [
          { path: 'componentData', message: 'cannot-be-empty' },
        ]);
      if (data && data.paymentMethod.type !== method.type)
        throw new AppError(
          ERROR_CODES.validation,
          `These payment details are not for ${provider.id}.`,
          [{ path: 'componentData.paymentMethod.type', message: 'invalid' }],
        );
    },
    offers: async (order) => {
      const key = `${order.country}|${order.currency}|${order.amountMinor}`;
      const cached = offered.get(key);
      if (cached) return cached;
      const answer = await call(() =>
        api.PaymentsApi.paymentMethods(
          {
            merchantAccount,
            countryCode: order.country,
            amount: toAdyenAmount(order.amountMinor, order.currency),
            channel: 'Web' as Types.checkout.PaymentMethodsRequest['channel'],
          },
          { idempotencyKey: `methods-${key}-${Math.floor(Date.now() / 60_000)}` },
        ),
      );
      const variants = offeredVariants(answer.paymentMethods ?? []);
      offered.set(key, variants);
      return variants;
    },
    createPayment: async (payment) => {
      const method = adyenMethodOf(payment.provider.id);
      if (!method) throw new AppError(ERROR_CODES.providerUnavailable, 'Not offered by Adyen.');
      const paymentMethod = {
        ...(method.brand ? { brand: method.brand } : {}),
        ...(payment.componentData?.paymentMethod ?? { type: method.type }),
      };
      const back = returnUrl(payment.returnPath, payment.orderId);
      const keep = payment.reusable === true && REUSABLE_TYPES.has(method.type);
      const request: PaymentRequest = {
        amount: toAdyenAmount(payment.amountMinor, payment.currency),
        merchantAccount,
        reference: payment.paymentId,
        returnUrl: back,
        paymentMethod,
        channel: 'Web' as PaymentRequest['channel'],
        origin: setting.publicOrigin,
        shopperInteraction: 'Ecommerce' as PaymentRequest['shopperInteraction'],
        authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' as never } },
        ...(payment.componentData?.browserInfo
          ? {
              browserInfo: payment.componentData
                .browserInfo as unknown as PaymentRequest['browserInfo'],
            }
          : {}),
        ...(keep
          ? {
              storePaymentMethod: true,
              shopperReference: payment.orderId,
              recurringProcessingModel:
                'Subscription' as PaymentRequest['recurringProcessingModel'],
            }
          : {}),
      };
      const answer = await call(() =>
        api.PaymentsApi.payments(request, { idempotencyKey: `pay-${payment.paymentId}` }),
      ).catch((error: unknown) => {
        if (refusedByAdyen(error)) return { resultCode: 'Error' } as Types.checkout.PaymentResponse;
        throw error;
      });
      await rememberWord(db, payment.paymentId, {
        pspReference: answer.pspReference,
        resultCode: String(answer.resultCode ?? 'Error'),
        refusalReason: answer.refusalReason,
      });
      const { action, status } = readResult(answer, payment.orderId, back);
      const extra = answer.additionalData ?? {};
      const stored = extra['recurring.recurringDetailReference'];
      const last4 = extra.cardSummary;
      return {
        action,
        status,
        savedMethod: keep && stored ? savedMethodOf(payment.orderId, stored) : undefined,
        card: last4
          ? { brand: extra.paymentMethod ?? null, last4, expiry: extra.expiryDate ?? '' }
          : undefined,
      };
    },
    submitDetails: async (payment, details) => {
      const answer = await call(() =>
        api.PaymentsApi.paymentsDetails(
          { details },
          {
            idempotencyKey: `details-${payment.paymentId}-${Object.values(details).join('').slice(0, 40)}`,
          },
        ),
      ).catch((error: unknown) => {
        if (refusedByAdyen(error))
          return { resultCode: 'Error' } as Types.checkout.PaymentDetailsResponse;
        throw error;
      });
      if (answer.merchantReference !== undefined && answer.merchantReference !== payment.paymentId)
        throw new AppError(ERROR_CODES.validation, 'These details are for another payment.', [
          { path: 'details', message: 'invalid' },
        ]);
      await rememberWord(db, payment.paymentId, {
        pspReference: answer.pspReference,
        resultCode: String(answer.resultCode ?? 'Error'),
        refusalReason: answer.refusalReason,
      });
      return readResult(answer, payment.orderId, returnUrl('/processing/', payment.orderId));
    },
    // Adyen's notifications come to /api/callback/adyen/ (its webhook), never the shared address,
    // and are recorded, then applied by a job (the notification inbox).
    verifyNotification: () => Promise.resolve(undefined),
    notifications: adyenNotifications(config, db, desk),
    cancelPayment: async (payment) => {
      const { pspReference } = await modificationOf(payment);
      const idempotencyKey = `cancel-${payment.paymentId}`;
      await modify(() =>
        pspReference
          ? api.ModificationsApi.cancelAuthorisedPaymentByPspReference(
              pspReference,
              { merchantAccount, reference: payment.paymentId },
              { idempotencyKey },
            )
          : api.ModificationsApi.cancelAuthorisedPayment(
              {
                merchantAccount,
                paymentReference: payment.paymentId,
                reference: payment.paymentId,
              },
              { idempotencyKey },
            ),
      );
    },
    // A partial refund (amountMinor) is its own modification, keyed by its own refund id.
    refundPayment: async (payment, amountMinor) => {
      const { facts, pspReference } = await modificationOf(payment);
      if (!pspReference) throw new Error(`adyen: no pspReference for ${payment.paymentId}`);
      await modify(() =>
        api.ModificationsApi.refundCapturedPayment(
          pspReference,
          {
            merchantAccount,
            reference: payment.refundId ?? payment.paymentId,
            amount: toAdyenAmount(amountMinor ?? facts.amountMinor, facts.currency),
          },
          { idempotencyKey: `refund-${payment.refundId ?? payment.paymentId}` },
        ),
      );
    },
    refreshStatus: async (payment) => {
      const word = await wordOf(db, payment.paymentId);
      return word ? adyen.statusFor(word.resultCode) : undefined;
    },
    chargeSavedMethod,
    saveComponentCard,
    finishComponentCard,
  };
}
