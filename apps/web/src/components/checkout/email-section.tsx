'use client';
/** E-mail and sign-up: the address the account and receipt go to, checked as the shopper types. */
import { useId, useState, type FormEvent } from 'react';
import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { localizedPath, validateEmail, type EmailProblem } from '@checkout/core';
import { useAppContext } from '../../context/app-context';
import { useQueryParams } from '../../context/query-params';
import { track } from '../../analytics/track';
import { isolatedValue } from '../../lib/bidi';
import { RouterLink } from '../shell/router-link';
import { useCheckout } from './checkout-provider';
import { useEmailSuggestion } from './email-suggestion';
import styles from './email-section.module.css';

const MESSAGE_KEYS: Record<EmailProblem, 'emailEmpty' | 'emailInvalid' | 'emailBlocked'> = {
  'cannot-be-empty': 'emailEmpty',
  invalid: 'emailInvalid',
  blacklisted: 'emailBlocked',
};

export function EmailSection({
  confirm,
  existingUser,
}: {
  confirm: boolean;
  existingUser: boolean;
}) {
  const t = useTranslations('email');
  const tv = useTranslations('validation');
  const locale = useLocale();
  const { email, save, saving, step, setStep } = useCheckout();
  // A logged-in shopper buys with the account's address; the field shows it, read-only.
  const { user } = useAppContext();
  const [value, setValue] = useState(user?.email ?? email ?? '');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<EmailProblem | 'mismatch' | null>(null);
  const [editing, setEditing] = useState(email === null || (user !== null && email !== user.email));
  const id = useId();
  const suggestion = useEmailSuggestion(value);
  // A login from here comes back to this checkout, in this language (the path keeps its prefix).
  const search = useQueryParams().params.toString();
  const here = usePathname();
  const login = `${localizedPath(locale, '/login/')}?${new URLSearchParams({
    login_target: search ? `${here}?${search}` : here,
  })}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = validateEmail(value);
    if (local) {
      track('form_update', {
        section: 'email',
        element: 'email-form',
        context: { form_status: 'invalid' },
      });
      return setProblem(local);
    }
    if (confirm && confirmation.trim().toLowerCase() !== value.trim().toLowerCase())
      return setProblem('mismatch');
    setProblem(null);
    const failure = await save({ email: value });
    track('form_update', {
      section: 'email',
      element: 'email-form',
      context: { form_status: failure ? 'invalid' : 'submitted' },
    });
    if (failure?.kind === 'email')
      return setProblem(failure.problem === 'blacklisted' ? 'blacklisted' : 'invalid');
    if (!failure) {
      setEditing(false);
      setStep('payment');
    }
  };

  if (!editing && email) {
    return (
      <div className={styles.done} data-element="email-confirmed">
        <p role="status">{t('saved', { email: isolatedValue(locale, email) })}</p>
        {user ? null : (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            {t('change')}
          </button>
        )}
      </div>
    );
  }

  const errorId = `${id}-error`;
  const message =
    problem === 'mismatch' ? t('confirmMismatch') : problem ? tv(MESSAGE_KEYS[problem]) : null;
  return (
    <form
      className={styles.form}
      // POST: submitted before the page hydrates, the browser would put the address in the URL.
      method="post"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-element="email-form"
    >
      <label htmlFor={id} className={styles.label}>
        {t('label')}
      </label>
      <input
        id={id}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        readOnly={user !== null}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          if (problem) setProblem(null);
        }}
        onFocus={() => {
          if (step === 'plan') setStep('account');
        }}
        className={styles.input}
      />
      {suggestion ? (
        <button
          type="button"
          className="link-button"
          onClick={() => setValue(suggestion)}
          data-element="email-suggestion"
        >
          {tv('emailSuggestion', { suggestion })}
        </button>
      ) : null}
      {confirm ? (
        <>
          <label htmlFor={`${id}-confirm`} className={styles.label}>
            {t('confirmLabel')}
          </label>
          <input
            id={`${id}-confirm`}
            type="email"
            autoComplete="email"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            className={styles.input}
          />
        </>
      ) : null}
      {message ? (
        <p id={errorId} className={styles.error} role="alert">
          {message}
        </p>
      ) : null}
      {existingUser ? (
        <p className={styles.hint}>
          {t('existingUser')} <RouterLink href={login}>{t('logInInstead')}</RouterLink>
        </p>
      ) : (
        <p className={styles.hint}>{t('hint')}</p>
      )}
      <button type="submit" className="button" disabled={saving} aria-busy={saving || undefined}>
        {saving ? t('saving') : t('continue')}
      </button>
    </form>
  );
}
