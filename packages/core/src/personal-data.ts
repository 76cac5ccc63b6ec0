/**
 * What counts as personal data or a secret, and how it is blanked out before a log line or an
 * error report leaves the process: named fields are replaced whole, e-mail addresses, card-like
 * digit runs and bearer tokens inside free text are blanked.
 */

/** Field names whose values are personal data or secrets (ours, OAuth's, the card fields'). */
export const SENSITIVE_FIELDS = [
  'email',
  'name',
  'firstName',
  'lastName',
  'postalCode',
  'postal_code',
  'password',
  'passwordHash',
  'token',
  'cardToken',
  'access_token',
  'refresh_token',
  'id_token',
  'trusted_pass_token',
  'code_verifier',
  'codeVerifier',
  'nonce',
  'state',
  'number',
  'cvc',
  'cvv',
  'expiry',
  'cookie',
  'cookies',
  'set-cookie',
  'authorization',
  'x-user-token',
  'params',
] as const;

export const REDACTED = '[redacted]';

const sensitive: ReadonlySet<string> = new Set(SENSITIVE_FIELDS.map((f) => f.toLowerCase()));

/** '@' as it stands in text, or percent-encoded in a URL (once, or twice in a nested URL). */
const AT = '(?:@|%(?:25)?40)';
const EMAIL = new RegExp(`[^\\s@"'<>(),;:=&?/]+${AT}[^\\s@"'<>(),;:=&?/]+\\.[a-z]{2,}`, 'gi');
/**
 * A card number or any other long run of digits, with or without spaces and dashes, standing on
 * its own: digits inside a longer hex or dashed id (a trace id, a span id, a UUID) are the id's,
 * and blanking them broke the link from an error report to its trace.
 */
const DIGIT_RUN = /(?<![\da-z-])\d(?:[ -]?\d){11,18}(?![\da-z-])/gi;
/** Bearer credentials and JWT-shaped tokens (three base64url parts). */
const TOKEN = /\b(?:Bearer\s+[\w.~+/-]+=*|eyJ[\w-]+\.[\w-]+\.[\w-]+)/g;
/**
 * Query parameters that carry credentials in URLs (login links, OAuth answers, QA links), also
 * inside a percent-encoded URL that is itself a parameter's value (success_uri, redirect_uri).
 */
const TOKEN_PARAM =
  /((?:[?&]|%3F|%26)(?:token|trusted_pass_token|exchange_token|access_token|id_token|code|state|email|qa)(?:=|%3D))(?:(?!%26)[^&#\s])*/gi;

/** Free text with e-mail addresses, card-like digit runs and tokens blanked out. */
export function scrubText(text: string): string {
  return text
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(TOKEN, '[token]')
    .replace(EMAIL, '[email]')
    .replace(DIGIT_RUN, '[digits]');
}

/**
 * A deep copy of a value with every sensitive field replaced and every string scrubbed. Cycles
 * and very deep values end in a marker rather than a stack overflow.
 */
export function scrubPersonalData<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 12) return '[too deep]' as T;
  if (Array.isArray(value)) {
    return (value as unknown[]).map((item) => scrubPersonalData(item, depth + 1)) as T;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      sensitive.has(key.toLowerCase()) && item !== undefined && item !== null
        ? REDACTED
        : scrubPersonalData(item, depth + 1);
  }
  return out as T;
}
