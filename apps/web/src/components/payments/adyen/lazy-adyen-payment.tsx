'use client';
/**
 * Adyen's components, fetched only when the shopper picks an Adyen method: adyen-web is never
 * part of the payment page's first load (scripts/check-page-budgets.mjs).
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import styles from '../payments.module.css';

const AdyenPayment = lazy(() =>
  import('./adyen-payment').then((m) => ({ default: m.AdyenPayment })),
);

export function LazyAdyenPayment(props: ComponentProps<typeof AdyenPayment>) {
  const t = useTranslations('paymentMethods');
  return (
    <Suspense
      fallback={
        <div className={styles.cardBox} aria-busy>
          <p className={styles.muted}>{t('cardLoading')}</p>
        </div>
      }
    >
      <AdyenPayment {...props} />
    </Suspense>
  );
}
