'use client';
/**
 * Paying by card: the gateway's card fields in a frame, and the pay button that asks them for a
 * token (to pay, or to keep the card for renewals on the update-card page). The form is the one
 * the provider and billing country need (card-form.ts in core), with the expiry as one field or
 * as month and year. Invalid details are shown inside the frame (focus moves to the first bad
 * field); a token starts the payment; a failure is said by the button.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { cardFormFor, type ExpiryLayout } from '@checkout/core';
import { track } from '../../analytics/track';
import { PaymentAlert } from './payment-alert';
import { useCardFields } from './use-card-fields';
import styles from './payments.module.css';

interface CardPaymentProps {
  fieldsUrl: string;
  /** The card provider and the billing country: they decide the form's fields. */
  provider: string;
  country: string;
  /** The "card input layout" experiment: expiry as MM / YY, or as month and year. */
  expiryLayout?: ExpiryLayout;
  /** The button's words: "Pay €4.99" in the checkout, "Save card" on the update-card page. */
  actionLabel: string;
  /** A payment is being started with a token. */
  busy: boolean;
  /** Why the last payment failed, if it did. */
  alert: string | null;
  onToken: (token: string) => void;
}

/** Until the frame reports its own height: room for the four fields. */
const INITIAL_HEIGHT = 290;

export function CardPayment({
  fieldsUrl,
  provider,
  country,
  expiryLayout = 'combined',
  actionLabel,
  busy,
  alert,
  onToken,
}: CardPaymentProps) {
  const t = useTranslations('paymentMethods');
  const tErrors = useTranslations('paymentErrors');
  const [tokenizing, setTokenizing] = useState(false);
  const [failed, setFailed] = useState(false);
  const working = busy || tokenizing;
  const form = cardFormFor(provider, country.toUpperCase(), expiryLayout);
  const fields = useCardFields(fieldsUrl, form, () => void start());

  async function start() {
    if (working || !fields.ready) return;
    setTokenizing(true);
    setFailed(false);
    const result = await fields.tokenize();
    setTokenizing(false);
    if (result.type === 'token') onToken(result.token);
    else if (result.type === 'failed') setFailed(true);
    else {
      // Which fields, and the spec §5 slug of each ("number:cannot-be-empty cvc:invalid").
      const slugs = Object.entries(result.errors ?? {}).map(([field, slug]) => `${field}:${slug}`);
      track('form_update', {
        element: 'card-form',
        context: { form_status: 'invalid', error_message: slugs.join(' ') },
      });
    }
  }

  const message = alert ?? (failed ? tErrors('generic') : null);
  return (
    <>
      <div className={styles.cardBox} aria-busy={!fields.ready}>
        {fields.ready ? null : <p className={styles.muted}>{t('cardLoading')}</p>}
        <iframe
          ref={fields.frame}
          src={fields.src}
          title={t('cardFrame')}
          className={styles.cardFrame}
          style={{ height: fields.height ?? INITIAL_HEIGHT }}
          data-element="card-frame"
        />
      </div>
      {message ? <PaymentAlert message={message} /> : null}
      <button
        type="button"
        className="button"
        disabled={working || !fields.ready}
        aria-busy={working || undefined}
        onClick={() => void start()}
        data-element="pay-button"
      >
        {working ? t('processing') : actionLabel}
      </button>
    </>
  );
}
