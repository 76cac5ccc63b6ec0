/**
 * Login rules the browser runs too (spec §4): when arriving starts a login, what logout strips
 * from the address, where a login may return to. Kept apart from the account schemas in
 * users.ts so that client code reaching these rules does not ship zod to the browser.
 */
import { QUERY_PARAMS } from '../query-param-names';

export const PREFERRED_FLOWS = ['login', 'signup'] as const;

export type AuthState = undefined | 'logging-in' | 'logging-out';

/** Removed from the address on logout (spec §4). */
export const LOGOUT_STRIPPED_PARAMS = [
  QUERY_PARAMS.cartId,
  QUERY_PARAMS.ownerId,
  QUERY_PARAMS.trustedPassToken,
  QUERY_PARAMS.forceLogin,
  QUERY_PARAMS.error,
  QUERY_PARAMS.hideError,
] as const;

/** Removed when neither starts a login (spec §4). */
export const LOGIN_TRIGGER_PARAMS = [QUERY_PARAMS.forceLogin, QUERY_PARAMS.trustedPassToken];

/** Login starts when force_login is set and nobody is logged in, or a pass token is present. */
export function shouldStartLogin(params: URLSearchParams, loggedIn: boolean): boolean {
  if (params.get(QUERY_PARAMS.trustedPassToken)) return true;
  const force = params.get(QUERY_PARAMS.forceLogin);
  return !loggedIn && force !== null && force !== '0' && force !== 'false';
}

/**
 * A redirect target we may send a browser to: a path on our own site, or a URL on one of the
 * allowed origins. Returns the absolute URL, or null for anything else (no open redirect).
 */
export function safeRedirectTarget(
  target: string | null | undefined,
  ownOrigin: string,
  allowedOrigins: readonly string[] = [],
): string | null {
  if (!target) return null;
  // "//evil.example" and "/\evil.example" are protocol-relative in browsers.
  if (/^[/\\]{2}/.test(target) || /^\/\\/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, ownOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const origins = new Set([
    new URL(ownOrigin).origin,
    ...allowedOrigins.map((o) => new URL(o).origin),
  ]);
  return origins.has(url.origin) ? url.toString() : null;
}
