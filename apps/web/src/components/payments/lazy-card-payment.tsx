'use client';
/**
 * The card form (the gateway's frame and its messages, the form rules), fetched when the payment
 * methods are asked for rather than with the page: it is never part of the server's HTML, since
 * the methods load in the browser.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import styles from './payments.module.css';

/** Starts fetching the card form; called as soon as the methods are asked for. */
export const preloadCardPayment = () => import('./card-payment');

const CardPayment = lazy(() => preloadCardPayment().then((m) => ({ default: m.CardPayment })));

export function LazyCardPayment(props: ComponentProps<typeof CardPayment>) {
  const t = useTranslations('paymentMethods');
  return (
    <Suspense
      fallback={
        <div className={styles.cardBox} aria-busy>
          <p className={styles.muted}>{t('cardLoading')}</p>
        </div>
      }
    >
      <CardPayment {...props} />
    </Suspense>
  );
}
