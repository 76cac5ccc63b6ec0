'use client';

import { useRouter } from 'next/navigation';
import { useState, type MouseEvent } from 'react';
import { useLocale } from 'next-intl';
import {
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { consoleAnswer } from './console-answers';
import { consoleCall } from './console-api';
import { useConsoleText } from './console-text';
import { useWebAuthn } from './passkey-support';
import styles from './console.module.css';

/**
 * The login's other second factor, where the browser offers WebAuthn: the e-mail and password
 * typed in the form, and a passkey instead of the authenticator code.
 */
export function PasskeyLogin() {
  const t = useConsoleText('login');
  const lang = useLocale();
  const router = useRouter();
  const supported = useWebAuthn();
  const [failed, setFailed] = useState(false);
  if (!supported) return null;
  const logIn = async (event: MouseEvent<HTMLButtonElement>) => {
    const form = event.currentTarget.form;
    const email = form?.elements.namedItem('email') as HTMLInputElement | null;
    const password = form?.elements.namedItem('password') as HTMLInputElement | null;
    if (!email?.reportValidity() || !password?.reportValidity()) return;
    const challenge = await consoleCall('session/passkey/options/', {
      method: 'POST',
      body: { email: email.value },
      answer: consoleAnswer((s) => s.passkeyOptionsAnswerSchema),
    });
    // The library's own options, checked by their challenge (the contract's ceremony answer).
    const optionsJSON = challenge.data?.options as
      PublicKeyCredentialRequestOptionsJSON | undefined;
    const response =
      optionsJSON && (await startAuthentication({ optionsJSON }).catch(() => undefined));
    const res =
      response &&
      (await consoleCall('session/passkey/', {
        method: 'POST',
        answer: consoleAnswer((s) => s.staffSessionAnswerSchema),
        body: {
          email: email.value,
          password: password.value,
          attempt: challenge.data?.attempt,
          response,
        },
      }));
    if (res?.ok) router.push(`/console/${lang}/orders/`);
    else setFailed(true);
  };
  return (
    <>
      {failed && (
        <p role="alert" className={styles.error}>
          {t('passkeyFailed')}
        </p>
      )}
      <button type="button" className={styles.button} onClick={(event) => void logIn(event)}>
        {t('passkey')}
      </button>
    </>
  );
}
