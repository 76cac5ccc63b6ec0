/**
 * Login rules the browser runs too (spec §4): when arriving starts a login, what logout strips
 * from the address, where a login may return to. Kept apart from the account schemas in
 * users.ts so that client code reaching these rules does not ship zod to the browser.
 */
import type { QUERY_PARAMS } from '../query-param-names';

/**
 * The login's query parameters, named as in QUERY_PARAMS: the browser's login rules take these
 * rather than the whole table, which would ride in every page's first load.
 */
export const LOGIN_PARAMS = {
  cartId: 'cart_id',
  error: 'error',
  exchangeToken: 'exchange_token',
  forceLogin: 'force_login',
  hideError: 'hide_error',
  identifier: 'identifier',
  ownerId: 'owner_id',
  trustedPassToken: 'trusted_pass_token',
} as const satisfies Partial<typeof QUERY_PARAMS>;

export const PREFERRED_FLOWS = ['login', 'signup'] as const;

export type AuthState = undefined | 'logging-in' | 'logging-out';

/** Removed from the address on logout (spec §4). */
export const LOGOUT_STRIPPED_PARAMS = [
  LOGIN_PARAMS.cartId,
  LOGIN_PARAMS.ownerId,
  LOGIN_PARAMS.trustedPassToken,
  LOGIN_PARAMS.forceLogin,
  LOGIN_PARAMS.error,
  LOGIN_PARAMS.hideError,
] as const;

/** Removed when neither starts a login (spec §4). */
export const LOGIN_TRIGGER_PARAMS = [LOGIN_PARAMS.forceLogin, LOGIN_PARAMS.trustedPassToken];

/** Login starts when force_login is set and nobody is logged in, or a pass token is present. */
export function shouldStartLogin(params: URLSearchParams, loggedIn: boolean): boolean {
  if (params.get(LOGIN_PARAMS.trustedPassToken)) return true;
  const force = params.get(LOGIN_PARAMS.forceLogin);
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
