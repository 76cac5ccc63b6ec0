'use client';
/**
 * Payment methods for the cart, grouped by kind, and the pay button. Why a payment failed is
 * said next to the button and focused there (payment-alert.tsx).
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { formatPrice, type ExpiryLayout, PROVIDER_LABELS } from '@checkout/core';
import { setAnalyticsContext, track } from '../../analytics/track';
import { useCheckout } from '../checkout/checkout-provider';
import { fetchOneClickProviders, fetchRegularProviders } from './payment-client';
import { LazyHumanChallenge } from '../challenge/lazy-human-challenge';
import { LazyCardPayment, preloadCardPayment } from './lazy-card-payment';
import type { AdyenWebConfig } from '../../server/adyen-web';
import { adyenComponentOf, withAdyenWallets } from './adyen/adyen-components';
import { LazyAdyenPayment } from './adyen/lazy-adyen-payment';
import { PaymentAlert } from './payment-alert';
import { PaymentDialogHost } from './payment-dialog-host';
import { openingMethod, shownMethods, type MethodGroupOption } from './shown-methods';
import { usePay } from './use-pay';
import styles from './payments.module.css';

/** Action types whose step runs in a dialog over the checkout rather than on another page. */
const IN_DIALOG: ReadonlySet<string> = new Set(['frontend_action', 'token_exchange']);

interface PaymentMethodsProps {
  locale: string;
  declined: boolean;
  /** `payment_provider` (or `provider`): the method chosen when it is on offer. */
  preselect?: string | null;
  /** Flag iframe-modal-3ds: a card's 3-D Secure challenge opens in a modal over the page. */
  cardInModal: boolean;
  /** new-payment-method-form:tiles — the methods as a grid of tiles. */
  tiles?: boolean;
  /** card-input-layout:split — separate expiry month and year fields. */
  expiryLayout?: ExpiryLayout;
  /** What the shopper is agreeing to, said right after the Pay button (renewal terms, guarantee). */
  terms?: ReactNode;
  /** Adyen's browser components, when Adyen is configured: its methods are paid through them. */
  adyen?: AdyenWebConfig;
}

export function PaymentMethods({
  locale,
  declined,
  preselect = null,
  cardInModal,
  tiles = false,
  expiryLayout = 'combined',
  terms,
  adyen,
}: PaymentMethodsProps) {
  const t = useTranslations('paymentMethods');
  const tErrors = useTranslations('paymentErrors');
  const tCart = useTranslations('cart');
  const { cart, address } = useCheckout();
  const [groups, setGroups] = useState<MethodGroupOption[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const payment = usePay(cart?.id, cart?.totalMinor ?? 0);
  const { pay, busy, failure, challenged, retryWith } = payment;
  const name = useId();
  const cartId = cart?.email ? cart.id : undefined;
  const withAdyen = adyen !== undefined;

  useEffect(() => {
    if (!cartId) return;
    const controller = new AbortController();
    void preloadCardPayment();
    void Promise.all([
      fetchRegularProviders(cartId, controller.signal),
      withAdyen ? fetchOneClickProviders(cartId, controller.signal) : null,
    ]).then(([{ data }, oneClick]) => {
      if (!data) return;
      const methods = withAdyenWallets(data.methods, oneClick?.data?.providers ?? []);
      setGroups(methods);
      // The methods on offer, and the one the list opens with: what `payment_provider` named,
      // else the first (card, where offered).
      const loaded = methods.flatMap((g) => g.providers.map((p) => p.id));
      const preselected = openingMethod(
        shownMethods(methods).map((m) => m.provider.id),
        preselect,
      );
      setAnalyticsContext({ payments: { loaded, preselected, selected: preselected } });
      track('payments_loaded', { section: 'payment-methods' });
      if (preselected) track('payments_preselected', { section: 'payment-methods' });
    });
    return () => controller.abort();
  }, [cartId, cart?.totalMinor, preselect, withAdyen]);

  const alert =
    declined || failure === 'declined'
      ? tErrors('declined')
      : failure === 'locked'
        ? tCart('locked')
        : failure === 'paused'
          ? tErrors('paused')
          : failure
            ? tErrors('generic')
            : null;
  if (!cart?.email) {
    return (
      <>
        {alert ? <PaymentAlert message={alert} /> : null}
        <p className={styles.muted}>{t('needEmail')}</p>
      </>
    );
  }
  // One card entry, and Korean domestic cards (their own form, with the card password) by name;
  // other methods by brand.
  const options = shownMethods(groups ?? []).map(({ provider: p, method, card }) => ({
    id: p.id,
    label: card ? t('group.card') : (PROVIDER_LABELS[p.id] ?? p.id),
    method,
    action: p.action,
    cardFields: p.cardFields,
    configuration: p.configuration,
  }));
  // Said once the methods are in, where it belongs (by the card form's button or the other).
  const said = groups === null ? null : alert;
  const selected =
    choice ??
    openingMethod(
      options.map((o) => o.id),
      preselect,
    );
  const option = options.find((o) => o.id === selected);
  const amount = formatPrice(cart.totalMinor, cart.currency, locale);
  // Adyen's methods with a component of its own, when Adyen (not the sandbox) serves them.
  const adyenComponent =
    adyen && option && !option.cardFields ? adyenComponentOf(option.id) : undefined;
  return (
    <div className={styles.methods}>
      <fieldset
        className={tiles ? `${styles.list} ${styles.tiles}` : styles.list}
        aria-busy={groups === null}
        data-layout={tiles ? 'tiles' : 'list'}
      >
        <legend className={styles.legend}>{t('choose')}</legend>
        {options.map((option) => (
          <label key={option.id} className={styles.option} data-element={`provider-${option.id}`}>
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={selected === option.id}
              onChange={() => {
                setChoice(option.id);
                setAnalyticsContext({ payments: { selected: option.id } });
                track('payments_selected', {
                  section: 'payment-methods',
                  element: `provider-${option.id}`,
                });
              }}
            />
            <span>{option.label}</span>
            <span className={styles.group}>
              {option.method === 'card' ? '' : t(`group.${option.method}`)}
            </span>
          </label>
        ))}
      </fieldset>
      {challenged ? <LazyHumanChallenge onSolved={retryWith} /> : null}
      {adyen && option && adyenComponent ? (
        <LazyAdyenPayment
          key={option.id}
          config={adyen}
          component={adyenComponent}
          configuration={option.configuration}
          locale={locale}
          country={address.country}
          amount={{ minor: cart.totalMinor, currency: cart.currency }}
          actionLabel={t('pay', { amount })}
          busy={busy}
          alert={said}
          onData={(componentData, onStep) => void pay(option.id, { componentData, onStep })}
          onDetails={(orderId, result, onStep) =>
            void payment.details(option.id, orderId, result, onStep)
          }
        />
      ) : option?.cardFields ? (
        <LazyCardPayment
          key={option.id}
          fieldsUrl={option.cardFields}
          provider={option.id}
          country={address.country}
          expiryLayout={expiryLayout}
          actionLabel={t('pay', { amount })}
          busy={busy}
          alert={said}
          onToken={(cardToken) => void pay(option.id, { inModal: cardInModal, cardToken })}
        />
      ) : (
        <>
          {said ? <PaymentAlert message={said} /> : null}
          <button
            type="button"
            className="button"
            disabled={!option || busy}
            aria-busy={busy || undefined}
            onClick={() => {
              // A provider's own step (a code, a QR code, a bank link) opens over the checkout.
              if (option) void pay(option.id, { inModal: IN_DIALOG.has(option.action) });
            }}
            data-element="pay-button"
          >
            {busy ? t('redirecting') : t('pay', { amount })}
          </button>
        </>
      )}
      {terms}
      <p className={styles.muted}>{t('secure')}</p>
      <PaymentDialogHost {...payment} />
    </div>
  );
}
