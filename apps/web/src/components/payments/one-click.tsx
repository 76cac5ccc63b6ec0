'use client';
/**
 * Express checkout: one-click wallets (flag enable-one-click-payments). Each wallet's payment
 * sheet opens in a dialog over the checkout; a refusal shows the declined message in place,
 * focused and announced. PayPal, when the web app knows its client id, is PayPal's own buttons
 * (in-context), whose code is fetched only when PayPal is offered.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PROVIDER_LABELS } from '@checkout/core';
import type { ProviderOption } from '@checkout/core/contract';
import { useTranslations } from 'next-intl';
import { useCheckout } from '../checkout/checkout-provider';
import { fetchOneClickProviders } from './payment-client';
import { PaymentAlert } from './payment-alert';
import { PaymentDialogHost } from './payment-dialog-host';
import { usePay } from './use-pay';
import type { AdyenWebConfig } from '../../server/adyen-web';
import { adyenComponentOf } from './adyen/adyen-components';
import styles from './payments.module.css';

const PayPalButtons = lazy(() => import('./paypal-buttons'));

/**
 * `adyen`: Adyen is configured; its wallets pay through its own components in the list.
 * `paypalClientId`: PayPal serves its in-context buttons here.
 */
export function OneClickPayments({
  adyen,
  paypalClientId,
}: {
  adyen?: AdyenWebConfig | undefined;
  paypalClientId?: string | undefined;
}) {
  const t = useTranslations('paymentMethods');
  const tErrors = useTranslations('paymentErrors');
  const { cart } = useCheckout();
  const [providers, setProviders] = useState<ProviderOption[]>([]);
  const payment = usePay(cart?.id, cart?.totalMinor ?? 0);
  const { pay, busy, failure } = payment;
  const cartId = cart?.email ? cart.id : undefined;
  // The wallet the shopper chose: disabled while it pays, then its sheet (a dialog) is closed
  // (Close, Escape) and unmounted; the focus, left on the page's body, goes back to it.
  const chosen = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (busy || payment.dialog || !chosen.current?.isConnected) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    chosen.current.focus();
  }, [busy, payment.dialog]);

  useEffect(() => {
    if (!cartId) return;
    const controller = new AbortController();
    void fetchOneClickProviders(cartId, controller.signal).then(({ data }) => {
      if (data) setProviders(data.providers);
    });
    return () => controller.abort();
  }, [cartId]);

  if (!cartId) return <p className={styles.muted}>{t('needEmail')}</p>;
  // The same wallet can be offered by two providers; show each brand once.
  const seen = new Set<string>();
  const wallets = providers.filter((p) => {
    if (adyen && adyenComponentOf(p.id)) return false;
    const label = PROVIDER_LABELS[p.id] ?? p.id;
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
  return (
    <div className={styles.wallets}>
      {failure ? (
        <PaymentAlert
          element="one-click-error"
          message={failure === 'declined' ? tErrors('declined') : tErrors('generic')}
        />
      ) : null}
      {wallets.map((p) =>
        p.id === 'paypal_incontext' && paypalClientId && cart ? (
          <Suspense key={p.id}>
            <PayPalButtons clientId={paypalClientId} cart={cart} />
          </Suspense>
        ) : (
          <button
            key={p.id}
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={(event) => {
              chosen.current = event.currentTarget;
              void pay(p.id, { inModal: true, oneClick: true });
            }}
            data-element={`one-click-${p.id}`}
          >
            {PROVIDER_LABELS[p.id] ?? p.id}
          </button>
        ),
      )}
      <PaymentDialogHost {...payment} />
    </div>
  );
}
