'use client';
/**
 * The sign-up section (spec §2), shown by flag oauth-signup-methods or signup-methods:oauth: the
 * other ways to get an account than typing an e-mail above. Creating the account on the account
 * site (our OpenID provider's sign-up screen), or logging in to an existing one; either comes
 * back to this checkout logged in, and the purchase goes to that account.
 */
import { useTranslations } from 'next-intl';
import type { LoginRequest } from '@checkout/core/contract';
import { useAuth } from '../auth/auth-provider';
import auth from '../auth/auth.module.css';
import styles from './sign-up-section.module.css';

export function SignUpSection() {
  const t = useTranslations('signUp');
  const tHeader = useTranslations('header');
  const { state, login } = useAuth();
  const busy = state === 'logging-in';
  const start = (preferred_flow: NonNullable<LoginRequest['preferred_flow']>) => () =>
    login({ preferred_flow });
  return (
    <div className={styles.methods}>
      <p className={styles.text}>{t('text')}</p>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={start('signup')}
        data-element="sign-up-account"
      >
        {t('createAccount')}
      </button>
      <p className={styles.text}>
        {tHeader('alreadyUser')}{' '}
        <button
          type="button"
          className={auth.loginButton}
          disabled={busy}
          onClick={start('login')}
          data-element="sign-up-login"
        >
          {busy ? <span className={auth.dots}>{tHeader('loggingIn')}</span> : tHeader('logIn')}
        </button>
      </p>
    </div>
  );
}
