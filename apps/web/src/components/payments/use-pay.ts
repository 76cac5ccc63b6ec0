'use client';
/**
 * Paying: one Idempotency-Key per attempt (cart, provider and amount), so a double click or a
 * retried request can never start a second payment; the browser then follows the action.
 */
import { useRef, useState } from 'react';
import { BACKEND_CODES } from '@checkout/core';
import { localizedPath } from '@checkout/core';
import { useLocale } from 'next-intl';
import { startPayment } from './payment-client';

export type PayFailure = 'locked' | 'generic';

export function usePay(cartId: string | undefined, totalMinor: number) {
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PayFailure | null>(null);
  const keys = useRef(new Map<string, string>());

  const pay = async (provider: string) => {
    if (!cartId || busy) return;
    const attempt = `${cartId}|${provider}|${totalMinor}`;
    const key = keys.current.get(attempt) ?? crypto.randomUUID();
    keys.current.set(attempt, key);
    setBusy(true);
    setFailure(null);
    const { data, error } = await startPayment(cartId, provider, key);
    if (data?.type === 'redirect') {
      // Relative gateway URLs are served through this origin; keep the language for our pages.
      window.location.assign(
        data.url.startsWith('/api/') ? data.url : localizedPath(locale, data.url),
      );
      return;
    }
    setBusy(false);
    const code = (error?.data as { error?: { code?: unknown } } | null)?.error?.code;
    setFailure(code === BACKEND_CODES.cartModificationForbidden ? 'locked' : 'generic');
  };
  return { pay, busy, failure };
}
