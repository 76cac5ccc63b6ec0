/** E-mail validation shared by the checkout form and the api (spec §5 messages, codes 2009/2029). */
export type EmailProblem = 'cannot-be-empty' | 'invalid' | 'blacklisted';

/** The WHATWG "valid e-mail address" grammar, plus a dotted domain (no intranet hosts). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const EMAIL_MAX_LENGTH = 254;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Providers that deliver `name+tag@` to `name@` (subaddressing). Gmail is not listed: it also
 * ignores dots, and googlemail.com is the same service (mailboxOf). The api's migration 0024
 * applied mailboxOf, with this list, to the redemptions recorded before it.
 */
export const SUBADDRESSING_DOMAINS: readonly string[] = [
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'fastmail.com',
  'yandex.ru',
  'yandex.com',
];

/**
 * The mailbox an address delivers to, for what holds once per person (a once-per-address
 * coupon), never to write to: the address in lower case; on gmail.com and googlemail.com (one
 * service, keyed as gmail.com) without the dots of the local part and from its first `+` on; on
 * the SUBADDRESSING_DOMAINS from its first `+` on. Other domains keep the address as typed:
 * there a dot or a plus sign may well name another mailbox.
 */
export function mailboxOf(email: string): string {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = emailDomain(address);
  const untagged = local.split('+')[0] ?? local;
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    return `${untagged.replaceAll('.', '')}@gmail.com`;
  }
  return SUBADDRESSING_DOMAINS.includes(domain) ? `${untagged}@${domain}` : address;
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

export function validateEmail(
  value: string | null | undefined,
  isBlockedDomain: (domain: string) => boolean = () => false,
): EmailProblem | null {
  const email = normalizeEmail(value ?? '');
  if (email === '') return 'cannot-be-empty';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL.test(email)) return 'invalid';
  if (isBlockedDomain(emailDomain(email))) return 'blacklisted';
  return null;
}
