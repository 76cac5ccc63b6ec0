'use client';
/**
 * Paying: one Idempotency-Key per attempt (cart, provider and amount), so a double click or a
 * retried request can never start a second payment; then the browser follows the action — a
 * redirect, a form POST through /api/processing/pre/, or (cards, flag iframe-modal-3ds) the
 * gateway in a modal that returns through /api/processing/iframe/.
 */
import { useRef, useState } from 'react';
import { BACKEND_CODES } from '@checkout/core';
import { startPayment } from './payment-client';

export type PayFailure = 'locked' | 'generic';

export function usePay(cartId: string | undefined, totalMinor: number) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PayFailure | null>(null);
  const [modalUrl, setModalUrl] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());

  const pay = async (provider: string, inModal = false) => {
    if (!cartId || busy) return;
    const returnPath = inModal ? '/api/processing/iframe/' : '/processing/';
    const attempt = `${cartId}|${provider}|${totalMinor}|${returnPath}`;
    const key = keys.current.get(attempt) ?? crypto.randomUUID();
    keys.current.set(attempt, key);
    setBusy(true);
    setFailure(null);
    const { data, error } = await startPayment(cartId, provider, key, returnPath);
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
      const fields = btoa(JSON.stringify(data.fields))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      // A full navigation: /api/processing/pre/ is a route handler that posts the form.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(
        `/api/processing/pre/?to=${encodeURIComponent(data.url)}&fields=${fields}`,
      );
      return;
    }
    setBusy(false);
    const code = (error?.data as { error?: { code?: unknown } } | null)?.error?.code;
    setFailure(code === BACKEND_CODES.cartModificationForbidden ? 'locked' : 'generic');
  };
  return { pay, busy, failure, modalUrl, closeModal: () => setModalUrl(null) };
}
