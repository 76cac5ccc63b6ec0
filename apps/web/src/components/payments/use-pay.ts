'use client';
/**
 * Paying: one Idempotency-Key per attempt (cart, provider, amount and card token), so a double
 * click or a retried request can never start a second payment; then the browser follows the
 * answer: done (to /processing/), error (the declined or generic message, the cart payable
 * again), a redirect, a form POST through /api/processing/pre/, or (flag iframe-modal-3ds) the
 * card's 3-D Secure challenge in a modal that returns through /api/processing/iframe/.
 */
import { useRef, useState } from 'react';
import { BACKEND_CODES } from '@checkout/core';
import { useRouter } from '../../i18n/navigation';
import { base64url } from '../../lib/base64url';
import { startPayment } from './payment-client';

export type PayFailure = 'locked' | 'declined' | 'generic';

interface PayOptions {
  /** Show the provider's page (a card's 3-D Secure challenge) in a modal over the checkout. */
  inModal?: boolean;
  cardToken?: string;
}

export function usePay(cartId: string | undefined, totalMinor: number) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PayFailure | null>(null);
  const [modalUrl, setModalUrl] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());
  const router = useRouter();

  const pay = async (provider: string, { inModal = false, cardToken }: PayOptions = {}) => {
    if (!cartId || busy) return;
    const returnPath = inModal ? '/api/processing/iframe/' : '/processing/';
    const attempt = `${cartId}|${provider}|${totalMinor}|${returnPath}|${cardToken ?? ''}`;
    const key = keys.current.get(attempt) ?? crypto.randomUUID();
    keys.current.set(attempt, key);
    setBusy(true);
    setFailure(null);
    const { data, error } = await startPayment({ cartId, provider, returnPath, cardToken }, key);
    if (data?.type === 'done') {
      router.push({ pathname: '/processing/', query: { order_id: data.orderId } });
      return;
    }
    if (data?.type === 'redirect') {
      if (inModal) {
        setModalUrl(data.url);
        setBusy(false);
      } else {
        window.location.assign(data.url);
      }
      return;
    }
    if (data?.type === 'redirect_post') {
      const fields = base64url(JSON.stringify(data.fields));
      // A full navigation: /api/processing/pre/ is a route handler that posts the form.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(
        `/api/processing/pre/?to=${encodeURIComponent(data.url)}&fields=${fields}`,
      );
      return;
    }
    setBusy(false);
    if (data?.type === 'error') {
      setFailure(data.reason === 'declined' ? 'declined' : 'generic');
      return;
    }
    const code = (error?.data as { error?: { code?: unknown } } | null)?.error?.code;
    setFailure(code === BACKEND_CODES.cartModificationForbidden ? 'locked' : 'generic');
  };
  return { pay, busy, failure, modalUrl, closeModal: () => setModalUrl(null) };
}
