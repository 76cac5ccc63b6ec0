'use client';
/**
 * Paying through Adyen's own browser components (adyen-web, loaded with this module only when
 * the shopper picks an Adyen method). Card numbers stay in Adyen's secured fields: the component
 * hands us their encrypted values, which go to the api as the payment's component data. An
 * answer with Adyen's action (a 3-D Secure 2 challenge, a QR code, BLIK's wait) is run by the
 * component in place; what the step yields goes back to the api (details). Adyen's labels and
 * messages, the challenge included, are in the page's language where Adyen has it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import {
  AdyenCheckout,
  ApplePay,
  Bancontact,
  Blik,
  Card,
  GooglePay,
  Pix,
  Redirect,
  type UIElement,
} from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';
import { toAdyenAmount, type ComponentData, type Currency } from '@checkout/core';
import { WALLET_CONFIGURATION_SCHEMAS, type ProviderConfiguration } from '@checkout/core/contract';
import type { AdyenWebConfig } from '../../../server/adyen-web';
import { PaymentAlert } from '../payment-alert';
import type { AdyenComponent } from './adyen-components';
import styles from '../payments.module.css';

export interface AdyenPaymentProps {
  config: AdyenWebConfig;
  component: AdyenComponent;
  /** The wallets' merchant configuration, as Adyen's /paymentMethods gave it (the api's list). */
  configuration?: ProviderConfiguration | undefined;
  /** The page's language (next-intl's), for Adyen's texts. */
  locale: string;
  /** The billing country, and the amount in our minor units, as the wallets' sheets show them. */
  country: string;
  /** None when nothing is charged (a card kept for renewals). */
  amount?: { minor: number; currency: Currency };
  /** The button's words: "Pay €4.99" in the checkout, "Save card" on the update-card page. */
  actionLabel: string;
  busy: boolean;
  alert: string | null;
  /** The component's data: start the payment; Adyen's step, when there is one, comes back. */
  onData: (data: ComponentData, onStep: StepHandler) => void;
  /** What Adyen's step yielded (threeDSResult…), for the order it belongs to. */
  onDetails: (orderId: string, details: Record<string, unknown>, onStep: StepHandler) => void;
}

type StepHandler = (providerAction: Record<string, unknown>, orderId: string) => void;

/** Wallets show their own buttons; the other components are submitted by ours. */
const OWN_BUTTON = new Set(['applepay', 'googlepay']);

function elementFor(
  checkout: Awaited<ReturnType<typeof AdyenCheckout>>,
  c: AdyenComponent,
  configuration: ProviderConfiguration | undefined,
) {
  switch (c.type) {
    case 'scheme':
      return new Card(checkout, {
        ...(c.brands ? { brands: c.brands } : {}),
        ...(c.korean ? { configuration: { koreanAuthenticationRequired: true } } : {}),
        hasHolderName: true,
        holderNameRequired: true,
      });
    case 'bcmc':
      return new Bancontact(checkout);
    case 'blik':
      return new Blik(checkout);
    case 'pix':
      return new Pix(checkout);
    // A wallet starts only with the configuration it needs (throws otherwise: the generic alert).
    case 'applepay':
      return new ApplePay(checkout, {
        configuration: WALLET_CONFIGURATION_SCHEMAS.applepay.parse(configuration),
      });
    case 'googlepay':
      return new GooglePay(checkout, {
        configuration: WALLET_CONFIGURATION_SCHEMAS.googlepay.parse(configuration),
      });
    case 'vipps':
      return new Redirect(checkout, { type: 'vipps' });
  }
}

/** What the api takes of the component's state: the method (encrypted fields) and the browser. */
function componentDataOf(data: { paymentMethod?: unknown; browserInfo?: unknown }): ComponentData {
  return {
    paymentMethod: data.paymentMethod as ComponentData['paymentMethod'],
    ...(data.browserInfo ? { browserInfo: data.browserInfo as ComponentData['browserInfo'] } : {}),
  };
}

export function AdyenPayment({
  config,
  component,
  configuration,
  locale,
  country,
  amount,
  actionLabel,
  busy,
  alert,
  onData,
  onDetails,
}: AdyenPaymentProps) {
  const t = useTranslations('paymentMethods');
  const tErrors = useTranslations('paymentErrors');
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<UIElement | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  // The latest callbacks, for the component made once per method.
  // In Adyen's minor units, as the api sends them (IDR and VND have no decimals at Adyen).
  const value = amount ? toAdyenAmount(amount.minor, amount.currency).value : undefined;
  const currency = amount?.currency;
  const handlers = useRef({ onData, onDetails });
  useEffect(() => {
    handlers.current = { onData, onDetails };
  });

  useEffect(() => {
    let done = false;
    /** The order the component's step belongs to, from the answer that asked for it. */
    let orderId = '';
    /** The component's submit waiting for our api: resolved only when Adyen has a step. */
    let waiting: ((response: { resultCode: 'Pending'; action: never }) => void) | null = null;
    const onStep: StepHandler = (action, order) => {
      orderId = order;
      if (waiting) waiting({ resultCode: 'Pending', action: action as never });
      else element.current?.handleAction(action as never);
      waiting = null;
    };
    void AdyenCheckout({
      clientKey: config.clientKey,
      environment: config.environment,
      locale,
      countryCode: country.toUpperCase(),
      ...(value !== undefined && currency ? { amount: { value, currency } } : {}),
      analytics: { enabled: false },
      showPayButton: OWN_BUTTON.has(component.type),
      // Any other answer (paid, declined) is the page's to show: the submit is left waiting.
      onSubmit: (state, _element, actions) => {
        waiting = actions.resolve;
        handlers.current.onData(componentDataOf(state.data), onStep);
      },
      onAdditionalDetails: (state, _element, actions) => {
        waiting = actions.resolve;
        handlers.current.onDetails(orderId, state.data.details ?? {}, onStep);
      },
      onError: () => setFailed(true),
    })
      .then((checkout) => {
        if (done || !host.current) return;
        element.current = elementFor(checkout, component, configuration).mount(host.current);
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      done = true;
      element.current?.unmount();
      element.current = null;
    };
  }, [config, component, configuration, locale, country, value, currency]);

  // A refused payment: the form is the shopper's again, for another try.
  useEffect(() => {
    if (alert) element.current?.setStatus('ready');
  }, [alert]);

  const message = alert ?? (failed ? tErrors('generic') : null);
  return (
    <>
      <div className={styles.cardBox} aria-busy={!ready} data-element="adyen-component">
        {ready ? null : <p className={styles.muted}>{t('cardLoading')}</p>}
        <div ref={host} />
      </div>
      {message ? <PaymentAlert message={message} /> : null}
      {OWN_BUTTON.has(component.type) ? null : (
        <button
          type="button"
          className="button"
          disabled={busy || !ready}
          aria-busy={busy || undefined}
          onClick={() => element.current?.submit()}
          data-element="pay-button"
        >
          {busy ? t('processing') : actionLabel}
        </button>
      )}
    </>
  );
}
