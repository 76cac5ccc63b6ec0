/**
 * The two messages a sign-up can send. Whoever asks, the screen says "enter the code we sent";
 * only the mailbox's owner learns whether the address had an account, so the sign-up form
 * cannot be used to find out who is a customer. Like every identity mail today they are in
 * English (the provider's mails are not translated yet).
 */
import type { MailMessage } from './mailer';

export function signupCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Your sign-up code',
    body: `Your code is ${code}. It is valid for 15 minutes. If you did not ask for it, ignore this message.`,
  };
}

/** To the owner of an address that already has an account with a password: no code. */
export function accountExistsMail(to: string, loginUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have an account',
    body: [
      'Someone, probably you, tried to create an account with this e-mail address, but it already has one.',
      `Log in with your password instead: ${loginUrl}`,
      'Nothing was changed. If it was not you, ignore this message.',
    ].join('\n\n'),
  };
}
