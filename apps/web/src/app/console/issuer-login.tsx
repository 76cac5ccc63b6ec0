'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocale } from 'next-intl';
import type { IssuerOutcome } from '@checkout/core/contract';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

/**
 * "Sign in with <issuer>" when the operator set a staff issuer (docs/decisions/013), and the
 * console's code after it when the issuer asserted no second factor (`?issuer=code`).
 */
export function IssuerLogin({ outcome }: { outcome: IssuerOutcome | undefined }) {
  const t = useConsoleText('login');
  const lang = useLocale();
  const router = useRouter();
  const [issuer, setIssuer] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void consoleCall('issuer/', { answer: consoleAnswer((s) => s.staffIssuerAnswerSchema) }).then(
      (res) => setIssuer(res.ok ? res.data.issuer : null),
    );
  }, []);
  const start = async () => {
    const res = await consoleCall('issuer/login/', {
      method: 'POST',
      body: { lang },
      answer: consoleAnswer((s) => s.staffIssuerRedirectSchema),
    });
    if (res.ok) window.location.assign(res.data.redirectUrl);
    else setFailed(true);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const res = await consoleCall('issuer/code/', {
      method: 'POST',
      body: { code: new FormData(event.currentTarget).get('code') },
      answer: consoleAnswer((s) => s.staffSessionAnswerSchema),
    });
    if (res.ok) router.push(`/console/${lang}/orders/`);
    else setFailed(true);
  };
  if (!issuer) return null;
  if (outcome === 'code' && !failed) {
    return (
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <p>{t('issuerCode', { issuer })}</p>
        <label>
          {t('code')}
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            required
          />
        </label>
        <button type="submit" className={styles.button}>
          {t('submit')}
        </button>
      </form>
    );
  }
  const refusal =
    failed || outcome === 'failed'
      ? 'issuerFailed'
      : outcome === 'refused'
        ? 'issuerRefused'
        : null;
  return (
    <div className={styles.form}>
      {refusal && (
        <p role="alert" className={styles.error}>
          {t(refusal, { issuer })}
        </p>
      )}
      <button type="button" className={styles.button} onClick={() => void start()}>
        {t('issuer', { issuer })}
      </button>
    </div>
  );
}
