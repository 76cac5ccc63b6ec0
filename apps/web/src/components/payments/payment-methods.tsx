'use client';
/** Payment methods for the cart, grouped by kind, and the pay button. */
import { useEffect, useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { formatPrice, type MethodGroup, PROVIDER_LABELS } from '@checkout/core';
import { setAnalyticsContext, track } from '../../analytics/track';
import { useCheckout } from '../checkout/checkout-provider';
import { fetchRegularProviders, type ProviderOption } from './payment-client';
import { LazyHumanChallenge } from '../challenge/lazy-human-challenge';
import { CardPayment } from './card-payment';
import { PaymentDialogHost } from './payment-modal';
import { usePay } from './use-pay';
import styles from './payments.module.css';

/** Action types whose step runs in a dialog over the checkout rather than on another page. */
const IN_DIALOG: ReadonlySet<string> = new Set(['frontend_action', 'token_exchange']);

interface Group {
  method: MethodGroup;
  providers: ProviderOption[];
}

interface PaymentMethodsProps {
  locale: string;
  declined: boolean;
  /** Flag iframe-modal-3ds: a card's 3-D Secure challenge opens in a modal over the page. */
  cardInModal: boolean;
}

export function PaymentMethods({ locale, declined, cardInModal }: PaymentMethodsProps) {
  const t = useTranslations('paymentMethods');
  const tErrors = useTranslations('paymentErrors');
  const tCart = useTranslations('cart');
  const { cart } = useCheckout();
  const [groups, setGroups] = useState<Group[] | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const payment = usePay(cart?.id, cart?.totalMinor ?? 0);
  const { pay, busy, failure, challenged, retryWith } = payment;
  const name = useId();
  const cartId = cart?.email ? cart.id : undefined;

  useEffect(() => {
    if (!cartId) return;
    const controller = new AbortController();
    void fetchRegularProviders(cartId, controller.signal).then(({ data }) => {
      if (!data) return;
      setGroups(data.methods);
      // The methods on offer, and the one the list opens with (the first: card, where offered).
      const loaded = data.methods.flatMap((g) => g.providers.map((p) => p.id));
      const preselected = loaded[0] ?? null;
      setAnalyticsContext({ payments: { loaded, preselected, selected: preselected } });
      track('payments_loaded', { section: 'payment-methods' });
      if (preselected) track('payments_preselected', { section: 'payment-methods' });
    });
    return () => controller.abort();
  }, [cartId, cart?.totalMinor]);

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
        {alert ? (
          <p role="alert" className={styles.error}>
            {alert}
          </p>
        ) : null}
        <p className={styles.muted}>{t('needEmail')}</p>
      </>
    );
  }
  // One card entry, handled by the first card provider on offer; other methods by brand.
  const options = (groups ?? []).flatMap((group) =>
    group.method === 'card'
      ? group.providers.slice(0, 1).map((p) => ({
          id: p.id,
          label: t('group.card'),
          method: group.method,
          action: p.action,
          cardFields: p.cardFields,
        }))
      : group.providers.map((p) => ({
          id: p.id,
          label: PROVIDER_LABELS[p.id] ?? p.id,
          method: group.method,
          action: p.action,
          cardFields: p.cardFields,
        })),
  );
  const selected = choice ?? options[0]?.id ?? null;
  const option = options.find((o) => o.id === selected);
  const amount = formatPrice(cart.totalMinor, cart.currency, locale);
  return (
    <div className={styles.methods}>
      {alert ? (
        <p role="alert" className={styles.error} data-element="payment-error">
          {alert}
        </p>
      ) : null}
      <fieldset className={styles.list} aria-busy={groups === null}>
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
      {challenged ? <LazyHumanChallenge locale={locale} onSolved={retryWith} /> : null}
      {option?.cardFields ? (
        <CardPayment
          key={option.id}
          fieldsUrl={option.cardFields}
          locale={locale}
          amount={amount}
          busy={busy}
          onToken={(cardToken) => void pay(option.id, { inModal: cardInModal, cardToken })}
        />
      ) : (
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
      )}
      <p className={styles.muted}>{t('secure')}</p>
      <PaymentDialogHost {...payment} />
    </div>
  );
}
