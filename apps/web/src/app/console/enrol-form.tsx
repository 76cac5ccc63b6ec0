'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

/** The one-time enrolment link's page: the token is in the fragment, never sent in a URL. */
export function EnrolForm() {
  const t = useConsoleText('enrol');
  const [secret, setSecret] = useState<string>();
  const [state, setState] = useState<'open' | 'done' | 'failed'>('open');
  useEffect(() => {
    const token = window.location.hash.slice(1);
    void consoleCall(`enrolment/?token=${encodeURIComponent(token)}`, {
      answer: consoleAnswer((s) => s.enrolmentAnswerSchema),
    }).then((res) => (res.ok ? setSecret(res.data?.secret) : setState('failed')));
  }, []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const res = await consoleCall('enrolment/', {
      method: 'POST',
      answer: consoleAnswer((s) => s.staffMemberAnswerSchema),
      body: {
        token: window.location.hash.slice(1),
        password: form.get('password'),
        code: form.get('code'),
      },
    });
    setState(res.ok ? 'done' : 'failed');
  };
  return (
    // POST: submitted before the page hydrates, the browser would put the password in the URL.
    <form className={styles.form} method="post" onSubmit={(event) => void submit(event)}>
      <h1>{t('heading')}</h1>
      {secret && <p data-testid="totp-secret">{t('secret', { secret })}</p>}
      <label>
        {t('password')}
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
        />
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
      {state === 'done' && <p className={styles.notice}>{t('done')}</p>}
      {state === 'failed' && (
        <p role="alert" className={styles.error}>
          {t('failed')}
        </p>
      )}
      <button type="submit" className={styles.button}>
        {t('submit')}
      </button>
    </form>
  );
}
