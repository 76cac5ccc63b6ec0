/** E-mail validation shared by the checkout form and the api (spec §5 messages, codes 2009/2029). */
export type EmailProblem = 'cannot-be-empty' | 'invalid' | 'blacklisted';

/** The WHATWG "valid e-mail address" grammar, plus a dotted domain (no intranet hosts). */
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const EMAIL_MAX_LENGTH = 254;

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
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
