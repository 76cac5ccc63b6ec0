'use client';
/**
 * The payment methods, the express wallets and the renewal terms beside the Pay button, whose code
 * (paying, the providers' lists, the dialogs, the period arithmetic: about 7 KB gzip) is fetched
 * when the browser is idle after the first paint rather than with the page: until the cart has an
 * e-mail address the methods only ask for one (and show no terms), and the shopper spends longer
 * than that on the steps above. A cart that already has one (a shopper coming back) renders them
 * on the server, and they hydrate once their code is in.
 */
import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import { useTranslations } from 'next-intl';
import { useCheckout } from '../checkout/checkout-provider';
import { useIdle } from '../../lib/use-idle';
import { PaymentAlert } from './payment-alert';
import styles from './payments.module.css';

const load = () => import('./deferred-payments');

const PaymentMethods = lazy(() => load().then((m) => ({ default: m.PaymentMethods })));
const OneClickPayments = lazy(() => load().then((m) => ({ default: m.OneClickPayments })));
const RenewalTerms = lazy(() => load().then((m) => ({ default: m.RenewalTerms })));

/** Fetches all three once the browser is idle, so they are in by the time the e-mail is. */
function usePreload(): void {
  const idle = useIdle();
  useEffect(() => {
    if (idle) void load();
  }, [idle]);
}

/** What both sections say until the cart has an e-mail address. */
function NeedEmail() {
  const t = useTranslations('paymentMethods');
  return <p className={styles.muted}>{t('needEmail')}</p>;
}

export function LazyPaymentMethods(props: ComponentProps<typeof PaymentMethods>) {
  const tErrors = useTranslations('paymentErrors');
  const { cart } = useCheckout();
  usePreload();
  if (!cart?.email) {
    return (
      <>
        {props.declined ? <PaymentAlert message={tErrors('declined')} /> : null}
        <NeedEmail />
      </>
    );
  }
  return (
    <Suspense fallback={<div className={styles.methods} aria-busy />}>
      <PaymentMethods {...props} />
    </Suspense>
  );
}

export function LazyOneClickPayments(props: ComponentProps<typeof OneClickPayments>) {
  const { cart } = useCheckout();
  usePreload();
  if (!cart?.email) return <NeedEmail />;
  return (
    <Suspense fallback={<div aria-busy />}>
      <OneClickPayments {...props} />
    </Suspense>
  );
}

/** Rendered by the payment methods once the cart has an e-mail address. */
export function LazyRenewalTerms(props: ComponentProps<typeof RenewalTerms>) {
  return (
    <Suspense fallback={null}>
      <RenewalTerms {...props} />
    </Suspense>
  );
}
