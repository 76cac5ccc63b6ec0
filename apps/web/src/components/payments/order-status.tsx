'use client';
/**
 * Follows an order after the provider: polls its status with visible progress and moves on —
 * paid to /success/, declined back to the checkout with the declined message, canceled back to
 * the checkout, and (on /processing/) still open after a bounded wait to /pending/. A payment
 * the provider took for a cart another payment had already paid is being refunded: it says so.
 * Each move keeps the language and the product's parameters of the address.
 * Back from a provider's page that hands the checkout its result (Adyen's `redirectResult`,
 * after iDEAL), the result goes to the api first, once, and leaves the address.
 */
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { keptReturnParams, localizedPath } from '@checkout/core';
import { browserAnswer } from '../../lib/answers';
import { flowParams } from '../../lib/flow-params';
import { request } from '../../lib/http';
import { submitPaymentDetails } from './payment-client';
import styles from './order-status.module.css';

/** A page in this language with its query, as the address bar shows it. */
function pageIn(locale: string, path: string, query: Record<string, string>): string {
  return `${localizedPath(locale, path)}?${new URLSearchParams(query)}`;
}

const POLL_MS = 1000;
const SLOW_AFTER_MS = 15_000;

export function OrderStatus({
  orderId,
  pendingAfterMs,
}: {
  orderId: string;
  pendingAfterMs: number | null;
}) {
  const t = useTranslations('processing');
  const router = useRouter();
  const locale = useLocale();
  const [slow, setSlow] = useState(false);
  const [refunded, setRefunded] = useState(false);

  useEffect(() => {
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const kept = keptReturnParams(new URLSearchParams(window.location.search));
    /** The provider's result on the address: told to the api, then dropped (a reload polls). */
    const handOver = async () => {
      const url = new URL(window.location.href);
      const redirectResult = url.searchParams.get('redirectResult');
      if (!redirectResult) return;
      url.searchParams.delete('redirectResult');
      window.history.replaceState(window.history.state, '', url);
      await submitPaymentDetails({ orderId, details: { redirectResult } });
    };
    const poll = async () => {
      const { data } = await request(`/api/orders/${orderId}/`, {
        answer: browserAnswer((s) => s.orderViewSchema),
        signal: controller.signal,
      });
      const waited = Date.now() - started;
      // The status travels in `payment_status` (spec §4) beside the order it is about.
      if (data?.status === 'paid') {
        return router.replace(
          pageIn(locale, '/success/', {
            order_id: orderId,
            payment_status: 'paid',
            ...flowParams(),
            ...kept,
          }),
        );
      }
      // Only the cart's owner is told its id; anyone else starts a checkout of their own.
      const cart: Record<string, string> = data?.cartId ? { cart_id: data.cartId } : {};
      if (data?.status === 'error') {
        return router.replace(
          pageIn(locale, '/payment/', {
            ...cart,
            error: 'declined',
            payment_status: 'error',
            ...kept,
          }),
        );
      }
      if (data?.status === 'canceled') {
        return router.replace(
          pageIn(locale, '/payment/', { ...cart, payment_status: 'canceled', ...kept }),
        );
      }
      if (data?.status === 'refund_due' || data?.status === 'refunded') return setRefunded(true);
      if (pendingAfterMs !== null && waited > pendingAfterMs) {
        return router.replace(
          pageIn(locale, '/pending/', {
            order_id: orderId,
            payment_status: 'pending',
            ...flowParams(),
            ...kept,
          }),
        );
      }
      setSlow(waited > SLOW_AFTER_MS);
      timer = setTimeout(() => void poll(), POLL_MS);
    };
    void handOver().then(poll);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, pendingAfterMs, router, locale]);

  return (
    <div className={styles.status} role="status" data-element="order-status">
      {refunded ? null : <div className={styles.bar} aria-hidden="true" />}
      <p>{refunded ? t('refunded') : slow ? t('stillWorking') : t('checking')}</p>
    </div>
  );
}
