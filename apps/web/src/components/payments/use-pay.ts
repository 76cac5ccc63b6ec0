'use client';
/**
 * Paying: one Idempotency-Key per attempt (cart, provider, amount and card token), so a double
 * click or a retried request can never start a second payment; then the browser follows the
 * answer: done (to /processing/), error (the declined or generic message, the cart payable
 * again), a redirect, a form POST through /api/processing/pre/, or a dialog over the checkout:
 * the provider's own step (frontend_action: a wallet sheet, a BLIK or Pix code; and, under flag
 * iframe-modal-3ds, a card's 3-D Secure challenge) returning through /api/processing/iframe/,
 * or a bank-link widget whose public token is exchanged by the api (token_exchange). Closing a
 * dialog cancels its payment, so the shopper can pay another way. A provider's browser
 * component (Adyen's) runs its own step in place: its frontend_action is handed back to it, and
 * what the step yields is sent to the api (details) and followed the same way.
 */
import { useRef, useState } from 'react';
import { useLocale } from 'next-intl';
import { BACKEND_CODES, ERROR_CODES } from '@checkout/core/contract';
import {
  keptReturnParams,
  paymentReturnPath,
  PROCESSING_PATH,
  type ComponentData,
  type PaymentAction,
  type PaymentDetailsRequest,
} from '@checkout/core';
import { useRouter } from '../../i18n/navigation';
import { base64url } from '../../lib/base64url';
import { track } from '../../analytics/track';
import {
  cancelPayment,
  exchangePublicToken,
  startPayment,
  submitPaymentDetails,
} from './payment-client';

export type PayFailure = 'locked' | 'declined' | 'paused' | 'generic';

export interface PaymentDialog {
  /** A page that returns by itself, or the bank-link widget that posts a public token. */
  kind: 'frame' | 'bank_link';
  provider: string;
  url: string;
  orderId: string;
}

interface PayOptions {
  /** The provider's page opens in a dialog over the checkout and returns from there. */
  inModal?: boolean;
  cardToken?: string;
  /** A provider's browser component (Adyen): its data, and the next step it runs itself. */
  componentData?: ComponentData;
  onStep?: (providerAction: Record<string, unknown>, orderId: string) => void;
  /** An express wallet button (spec §2's one_click_payment flow), for analytics. */
  oneClick?: boolean;
}

type Step = NonNullable<PayOptions['onStep']>;

export function usePay(cartId: string | undefined, totalMinor: number) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PayFailure | null>(null);
  const [dialog, setDialog] = useState<PaymentDialog | null>(null);
  /** The attempt waiting for a solved challenge (card testing suspected), retried with it. */
  const [challenged, setChallenged] = useState<{ provider: string; options: PayOptions } | null>(
    null,
  );
  const keys = useRef(new Map<string, string>());
  const router = useRouter();
  const locale = useLocale();
  /** /processing/ in this language (the router's) with the product's parameters of this page. */
  const toProcessing = (orderId: string) =>
    router.push({
      pathname: PROCESSING_PATH,
      query: {
        order_id: orderId,
        ...keptReturnParams(new URLSearchParams(window.location.search)),
      },
    });

  /** Follows the answer, or hands the step to the component that runs it (3-D Secure, a QR code). */
  const answer = (action: PaymentAction, provider: string, inModal: boolean, onStep?: Step) => {
    if (onStep && action.type === 'frontend_action' && action.providerAction) {
      setBusy(false);
      onStep(action.providerAction, action.orderId);
    } else follow(action, provider, inModal);
  };

  const follow = (action: PaymentAction, provider: string, inModal: boolean) => {
    switch (action.type) {
      case 'done':
        toProcessing(action.orderId);
        return;
      case 'redirect':
      case 'frontend_action':
        if (inModal) {
          setDialog({ kind: 'frame', provider, url: action.url, orderId: action.orderId });
          setBusy(false);
        } else {
          window.location.assign(action.url);
        }
        return;
      case 'token_exchange': {
        const url = new URL(action.url, window.location.href);
        url.searchParams.set('origin', window.location.origin);
        setDialog({
          kind: 'bank_link',
          provider,
          url: url.toString(),
          orderId: action.orderId,
        });
        setBusy(false);
        return;
      }
      case 'redirect_post': {
        const fields = base64url(JSON.stringify(action.fields));
        // A full navigation: /api/processing/pre/ is a route handler that posts the form.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(
          `/api/processing/pre/?to=${encodeURIComponent(action.url)}&fields=${fields}`,
        );
        return;
      }
      case 'error':
        // A refused payment is over: the next attempt is a new payment with a new key.
        keys.current.clear();
        setBusy(false);
        setFailure(action.reason === 'declined' ? 'declined' : 'generic');
        track('error', {
          section: 'payment-methods',
          context: {
            error_message: action.reason === 'declined' ? 'Payment declined' : 'Generic error',
          },
        });
    }
  };

  const pay = async (
    provider: string,
    { inModal = false, cardToken, componentData, onStep, oneClick = false }: PayOptions = {},
    solution?: string,
  ) => {
    if (!cartId || busy) return;
    // The provider brings the shopper back in this language, to this product.
    const returnPath = paymentReturnPath(
      locale,
      new URLSearchParams(window.location.search),
      inModal,
    );
    const data = componentData ? JSON.stringify(componentData.paymentMethod) : '';
    const attempt = `${cartId}|${provider}|${totalMinor}|${returnPath}|${cardToken ?? ''}|${data}`;
    const key = keys.current.get(attempt) ?? crypto.randomUUID();
    keys.current.set(attempt, key);
    setBusy(true);
    setFailure(null);
    setChallenged(null);
    const flow = oneClick ? { flow_type: 'one_click_payment' as const } : {};
    track('payments_initiated', {
      section: 'payment-methods',
      element: 'pay-button',
      context: { payments: { selected: provider }, ...flow },
    });
    const { data: action, error } = await startPayment(
      { cartId, provider, returnPath, cardToken, componentData },
      key,
      solution,
    );
    if (action) {
      track('payments_submitted', {
        section: 'payment-methods',
        context: { payments: { selected: provider }, ...flow },
        data: { order_id: action.orderId, label: action.type },
      });
      return answer(action, provider, inModal, onStep);
    }
    setBusy(false);
    const code = (error?.data as { error?: { code?: unknown } } | null)?.error?.code;
    // The api refused before the card reached the provider: the same token pays after the check.
    if (code === ERROR_CODES.challengeRequired || code === ERROR_CODES.challengeFailed) {
      setChallenged({
        provider,
        options: { inModal, cardToken, componentData, onStep, oneClick },
      });
      return;
    }
    setFailure(
      code === BACKEND_CODES.cartModificationForbidden
        ? 'locked'
        : code === ERROR_CODES.cardPaymentsPaused
          ? 'paused'
          : 'generic',
    );
  };

  /** The shopper solved the challenge: the waiting attempt goes again, with the solution. */
  const retryWith = (solution: string) => {
    if (challenged) void pay(challenged.provider, challenged.options, solution);
  };

  /**
   * The provider's component finished its step (a 3-D Secure challenge, Pix's or BLIK's wait
   * with the payload Adyen's status check gave it): the api hears its result. A result the api
   * does not take is Adyen's word on its way by webhook: /processing/ waits for it.
   */
  const details = async (
    provider: string,
    orderId: string,
    result: Record<string, unknown>,
    onStep: Step,
  ) => {
    const known = ['redirectResult', 'threeDSResult', 'payload'].find(
      (k) => typeof result[k] === 'string',
    );
    if (!known) {
      toProcessing(orderId);
      return;
    }
    setBusy(true);
    const body = { orderId, details: { [known]: result[known] } } as PaymentDetailsRequest;
    const { data: action } = await submitPaymentDetails(body);
    if (!action) {
      toProcessing(orderId);
      return;
    }
    answer(action, provider, false, onStep);
  };

  /** The bank-link widget linked an account: the api exchanges the token and charges it. */
  const exchange = async (publicToken: string) => {
    if (!dialog) return;
    setDialog(null);
    setBusy(true);
    const { data } = await exchangePublicToken({ orderId: dialog.orderId, publicToken });
    if (data) return follow(data, dialog.provider, true);
    // The link was refused (expired): the payment is given up so the cart can be paid again.
    await cancelPayment(dialog.orderId);
    keys.current.clear();
    setBusy(false);
    setFailure('generic');
  };

  /** The shopper closed the dialog (or left the widget): the payment is canceled. */
  const dismiss = async () => {
    if (!dialog) return;
    setDialog(null);
    setBusy(true);
    const { data } = await cancelPayment(dialog.orderId);
    // The provider answered before the dialog closed: show what happened.
    if (data && data.status !== 'canceled') {
      toProcessing(data.orderId);
      return;
    }
    keys.current.clear();
    setBusy(false);
  };

  return {
    pay,
    details,
    busy,
    failure,
    dialog,
    exchange,
    dismiss,
    challenged: challenged !== null,
    retryWith,
  };
}
