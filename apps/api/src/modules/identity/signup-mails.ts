/**
 * The messages a sign-up or a password reset can send. Whoever asks, the screen says "enter the
 * code we sent"; only the mailbox's owner learns whether the address has an account, so neither
 * form can be used to find out who is a customer. The code mails are in the language the login
 * started in (the billing catalogs hold their words); the others are still in English.
 */
import { DEFAULT_LOCALE, findLanguage, LANGUAGES } from '@checkout/core';
import { translator } from '../../mail/messages';
import type { MailMessage } from '../../mail/mailer';

/** The catalog language of a login's ui_locales ("ar", "de-DE en"); English when none fits. */
export function mailLocale(uiLocales: unknown): string {
  const first = typeof uiLocales === 'string' ? uiLocales.split(' ')[0]?.toLowerCase() : undefined;
  if (!first) return DEFAULT_LOCALE;
  const language =
    findLanguage(first) ?? LANGUAGES.find((l) => l.localeCode.toLowerCase() === first);
  return language?.urlCode ?? DEFAULT_LOCALE;
}

export const signupCodeMail =
  (locale: string) =>
  (to: string, code: string): MailMessage => {
    const t = translator(locale, 'codes');
    return { to, subject: t('signupSubject'), body: t('signupText', { code }) };
  };

export const resetCodeMail =
  (locale: string) =>
  (to: string, code: string): MailMessage => {
    const t = translator(locale, 'codes');
    return { to, subject: t('resetSubject'), body: t('resetText', { code }) };
  };

/** To the owner of an address that already has an account with a password: no code. */
export function accountExistsMail(to: string, loginUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have an account',
    body: [
      'Someone, probably you, tried to create an account with this e-mail address, but it already has one.',
      `Log in with your password instead: ${loginUrl}`,
      'Forgot your password? Choose "Forgot your password?" on the login screen to set a new one.',
      'Nothing was changed. If it was not you, ignore this message.',
    ].join('\n\n'),
  };
}

/**
 * To the owner, when the wrong codes tried for the address used up the day's tries (and for
 * every sign-up or reset asked while it lasts): no code is sent or accepted until `until`.
 */
export function codesLockedMail(to: string, until: Date): MailMessage {
  const when = `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: 'Too many wrong codes',
    body: [
      'Someone entered too many wrong codes to create an account or reset the password with this e-mail address.',
      `To protect it, no code is sent or accepted until ${when}.`,
      'Your password has not changed. If it was you, ask for a new code after that time; if it was not, nothing more is needed.',
    ].join('\n\n'),
  };
}

/** A reset asked for an address without an account: no code, the way to create one. */
export function noAccountMail(to: string, loginUrl: string): MailMessage {
  return {
    to,
    subject: 'No account with this address',
    body: [
      'Someone, probably you, asked to reset the password of an account with this e-mail address, but there is none.',
      `To create one, choose "New here? Create an account" at ${loginUrl}`,
      'If it was not you, ignore this message.',
    ].join('\n\n'),
  };
}
