/**
 * Where a payment sends the shopper back (a provider's page, a 3-D Secure challenge, a dialog):
 * the processing page in the shopper's language, with the parameters that choose the product and
 * its brand, so the round trip ends in the checkout it began in. Free of zod: the payment page
 * builds these in the browser; the pages read the kept values through their own rules.
 */
import { DEFAULT_LOCALE, findLanguage, LOCALE_CODES, localizedPath } from './locales';
import type { QueryParamName } from './query-param-names';

/** The parameters the shell, the product and its plans are chosen by ("kept" in the table of docs/features/query-parameters.md). */
export const RETURN_KEPT_PARAMS = [
  'product_group',
  'bundle_type',
  'package_identifier',
  'exp_package_identifier',
  'product_subgroup',
  'product_filters',
  'descriptor',
  'main_merchant',
] as const satisfies readonly QueryParamName[];

export const PROCESSING_PATH = '/processing/';
/** A provider's step shown in the checkout's dialog returns here; it hands the window on. */
export const IFRAME_RETURN_PATH = '/api/processing/iframe/';
const MAX_RETURN_PATH = 1024;

const PROCESSING_PATHS: ReadonlySet<string> = new Set(
  LOCALE_CODES.map((code) => localizedPath(code, PROCESSING_PATH)),
);
const KEPT: ReadonlySet<string> = new Set(RETURN_KEPT_PARAMS);

/** The kept parameters of an address, as given. */
export function keptReturnParams(params: URLSearchParams): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of RETURN_KEPT_PARAMS) {
    const value = params.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

/**
 * The return path of a payment started on a page in `locale` whose address has `params`. The
 * dialog's return page is a route handler without a language prefix: it is told the language.
 */
export function paymentReturnPath(
  locale: string,
  params: URLSearchParams,
  inModal: boolean,
): string {
  const query = new URLSearchParams();
  if (inModal && locale !== DEFAULT_LOCALE) query.set('locale', locale);
  for (const [name, value] of Object.entries(keptReturnParams(params))) query.set(name, value);
  const search = query.toString();
  const path = inModal ? IFRAME_RETURN_PATH : localizedPath(locale, PROCESSING_PATH);
  return search ? `${path}?${search}` : path;
}

/** Where the provider sends the browser: the return path with the order first. */
export function withOrderId(returnPath: string, orderId: string): string {
  const at = returnPath.indexOf('?');
  const order = `order_id=${encodeURIComponent(orderId)}`;
  if (at < 0) return `${returnPath}?${order}`;
  return `${returnPath.slice(0, at)}?${order}&${returnPath.slice(at + 1)}`;
}

/**
 * A return path the api lets a payment carry: a processing page of a checkout language, or the
 * dialog's return page, with kept parameters only (each once), so a payment can send the
 * browser nowhere else.
 */
export function isPaymentReturnPath(value: string): boolean {
  // Printable ASCII without a fragment: URLSearchParams encodes everything else.
  if (value.length > MAX_RETURN_PATH || !/^[\x21-\x7e]+$/.test(value) || value.includes('#')) {
    return false;
  }
  const at = value.indexOf('?');
  const path = at < 0 ? value : value.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : value.slice(at + 1));
  const inModal = path === IFRAME_RETURN_PATH;
  if (!inModal && !PROCESSING_PATHS.has(path)) return false;
  const names = [...params.keys()];
  if (new Set(names).size !== names.length) return false;
  return names.every((name) =>
    name === 'locale'
      ? inModal && findLanguage(params.get(name) ?? '') !== undefined
      : KEPT.has(name),
  );
}
