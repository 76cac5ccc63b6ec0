'use client';
/**
 * Log in, create an account, reset a forgotten password, or confirm the e-mailed code, on the
 * account site. Each form posts to the identity provider's screen calls; on success the browser
 * continues the authorization request at the address the provider returns.
 */
import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import {
  CHALLENGE_HEADER,
  refusalIn,
  type AccountScreen,
  type InteractionScreen,
} from '@checkout/core/contract';
import { browserAnswer } from '../../lib/answers';
import { isolatedValue } from '../../lib/bidi';
import { request } from '../../lib/http';
import { LazyHumanChallenge } from '../challenge/lazy-human-challenge';
import styles from './account-form.module.css';

/** Past the per-e-mail limit the api asks for a solved challenge instead of refusing. */
const CHALLENGE_CODES: ReadonlySet<string> = new Set(['challenge_required', 'challenge_failed']);

interface AccountFormProps {
  uid: string;
  screen: Screen;
  email: string | null;
}

/** The provider's screens plus the reset form, which only this page opens. */
type Screen = InteractionScreen | AccountScreen;

/** The api's error codes, as message keys of the account namespace. */
type ErrorKey = 'invalidCredentials' | 'invalidCode' | 'tooMany';
const ERROR_KEYS: Record<string, ErrorKey> = {
  invalid_credentials: 'invalidCredentials',
  invalid_code: 'invalidCode',
  rate_limited: 'tooMany',
};

export function AccountForm({ uid, screen: initialScreen, email: initialEmail }: AccountFormProps) {
  const t = useTranslations('account');
  const locale = useLocale();
  const [screen, setScreen] = useState<Screen>(initialScreen);
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenged, setChallenged] = useState(false);
  const ids = { email: useId(), password: useId(), hint: useId(), code: useId(), error: useId() };

  /** Sends the form; `solution` when the shopper just solved the challenge (used once). */
  async function send(solution?: string) {
    setBusy(true);
    setError(null);
    setChallenged(false);
    const body = screen === 'verify' ? { email, code } : { email, password };
    const { data, error: failure } = await request(`/api/identity/interactions/${uid}/${screen}`, {
      answer: browserAnswer((s) => s.interactionAnswerSchema),
      method: 'POST',
      body,
      headers: solution ? { [CHALLENGE_HEADER]: solution } : undefined,
    });
    if (data?.redirect_to) {
      window.location.assign(data.redirect_to);
      return;
    }
    setBusy(false);
    if (data?.screen === 'verify') {
      setScreen('verify');
      return;
    }
    const refusal = failure ? refusalIn(failure.data) : null;
    const refused = String(refusal?.code ?? '');
    if (CHALLENGE_CODES.has(refused)) {
      setChallenged(true);
      return;
    }
    const issue = refusal?.issues?.[0];
    const key =
      ERROR_KEYS[refused] ??
      (issue?.message === 'password-too-short' ? 'passwordTooShort' : undefined) ??
      (issue?.path === 'email' ? 'emailInvalid' : 'generic');
    setError(t(key));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  const titles = {
    login: [t('loginTitle'), t('loginLead')],
    signup: [t('signupTitle'), t('signupLead')],
    verify: [t('verifyTitle'), t('verifyLead', { email: isolatedValue(locale, email) })],
    reset: [t('resetTitle'), t('resetLead')],
  } as const;
  const [title, lead] = titles[screen];
  const submitLabel = {
    login: t('submitLogin'),
    signup: t('submitSignup'),
    verify: t('submitVerify'),
    reset: t('submitReset'),
  }[screen];
  // Both choose a new password: the same rules and hint.
  const newPassword = screen === 'signup' || screen === 'reset';
  /**
   * A link to another screen: before hydration the browser follows it (the page opens that
   * screen); after, the screen changes here and the address follows, so a reload keeps it.
   */
  const switchTo = (next: AccountScreen, label: string) => {
    const href = `?screen=${next}`;
    const go = (event: MouseEvent) => {
      event.preventDefault();
      // Not a navigation: the progress bar, which listens on the document as React does (the
      // App Router's root is the document) and after it, must not start for it.
      event.nativeEvent.stopImmediatePropagation();
      window.history.replaceState(window.history.state, '', href);
      setError(null);
      setCode('');
      setScreen(next);
    };
    return (
      <a className="link-button" href={href} onClick={go}>
        {label}
      </a>
    );
  };

  return (
    <section className={`card ${styles.panel}`} data-section={`account-${screen}`}>
      <h1>{title}</h1>
      <p>{lead}</p>
      {/* POST: submitted before the page hydrates, the browser would put the password in the URL. */}
      <form className={styles.form} method="post" onSubmit={submit} noValidate>
        {screen === 'verify' ? (
          <div className={styles.field}>
            <label htmlFor={ids.code}>{t('code')}</label>
            <input
              id={ids.code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{8}"
              maxLength={8}
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
        ) : (
          <>
            <div className={styles.field}>
              <label htmlFor={ids.email}>{t('email')}</label>
              <input
                id={ids.email}
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-describedby={error ? ids.error : undefined}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={ids.password}>{t('password')}</label>
              <input
                id={ids.password}
                name="password"
                type="password"
                autoComplete={newPassword ? 'new-password' : 'current-password'}
                required
                minLength={newPassword ? 10 : undefined}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-describedby={
                  [newPassword ? ids.hint : '', error ? ids.error : ''].filter(Boolean).join(' ') ||
                  undefined
                }
              />
              {newPassword ? (
                <small id={ids.hint} className={styles.hint}>
                  {t('passwordHint')}
                </small>
              ) : null}
            </div>
          </>
        )}
        {error ? (
          <p id={ids.error} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        {challenged ? <LazyHumanChallenge onSolved={(solution) => void send(solution)} /> : null}
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? t('working') : submitLabel}
        </button>
      </form>
      {/* Also under the code: an address that already has an account gets a mail saying so
          instead of a code (the screen cannot tell, or it would tell anyone who is a customer). */}
      {screen === 'login' ? switchTo('signup', t('toSignup')) : switchTo('login', t('toLogin'))}
      {screen === 'login' ? switchTo('reset', t('forgotPassword')) : null}
    </section>
  );
}
