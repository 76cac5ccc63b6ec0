'use client';
/**
 * Paying by card: the gateway's card fields in a frame, and the pay button that asks them for a
 * token. Invalid details are shown inside the frame (focus moves to the first bad field); a
 * token starts the payment.
 */
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useCardFields } from './use-card-fields';
import styles from './payments.module.css';

interface CardPaymentProps {
  fieldsUrl: string;
  locale: string;
  amount: string;
  /**
   * card-input-layout: one MM / YY field or separate month and year. The card form's own lane
   * renders it; until the merge the fields keep their combined layout.
   */
  expiryLayout?: 'combined' | 'split';
  /** A payment is being started with a token. */
  busy: boolean;
  onToken: (token: string) => void;
}

/** Until the frame reports its own height: room for the four fields. */
const INITIAL_HEIGHT = 290;

export function CardPayment({ fieldsUrl, locale, amount, busy, onToken }: CardPaymentProps) {
  const t = useTranslations('paymentMethods');
  const tErrors = useTranslations('paymentErrors');
  const [tokenizing, setTokenizing] = useState(false);
  const [failed, setFailed] = useState(false);
  const working = busy || tokenizing;
  const fields = useCardFields(fieldsUrl, locale, () => void start());

  async function start() {
    if (working || !fields.ready) return;
    setTokenizing(true);
    setFailed(false);
    const result = await fields.tokenize();
    setTokenizing(false);
    if (result.type === 'token') onToken(result.token);
    else if (result.type === 'failed') setFailed(true);
  }

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
      {failed ? (
        <p role="alert" className={styles.error}>
          {tErrors('generic')}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={working || !fields.ready}
        aria-busy={working || undefined}
        onClick={() => void start()}
        data-element="pay-button"
      >
        {working ? t('processing') : t('pay', { amount })}
      </button>
    </>
  );
}
