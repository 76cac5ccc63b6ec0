'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useLocale } from 'next-intl';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { PasskeyLogin } from './passkey-login';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

export function LoginForm() {
  const t = useConsoleText('login');
  const lang = useLocale();
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const res = await consoleCall('session/', {
      method: 'POST',
      answer: consoleAnswer((s) => s.staffSessionAnswerSchema),
      body: { email: form.get('email'), password: form.get('password'), code: form.get('code') },
    });
    if (res.ok) router.push(`/console/${lang}/orders/`);
    else setFailed(true);
  };
  return (
    // POST: submitted before the page hydrates, the browser would put the password in the URL.
    <form className={styles.form} method="post" onSubmit={(event) => void submit(event)}>
      <h1>{t('heading')}</h1>
      <label>
        {t('email')}
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        {t('password')}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
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
      {failed && (
        <p role="alert" className={styles.error}>
          {t('failed')}
        </p>
      )}
      <button type="submit" className={styles.button}>
        {t('submit')}
      </button>
      <PasskeyLogin />
    </form>
  );
}
