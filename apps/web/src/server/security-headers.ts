/**
 * The security headers of every storefront page. The Content-Security-Policy carries a nonce
 * made fresh for each request: Next.js reads it from the request's copy of the header and puts
 * it on its own scripts, and 'strict-dynamic' lets those load the page's chunks, so no script
 * runs that the server did not hand out for this one answer.
 */
import { randomBytes } from 'node:crypto';
import type { AdyenOrigins } from './adyen-web';

export interface SecurityHeaderOptions {
  /** This request's nonce (base64). */
  nonce: string;
  /** The checkout's public origin (SITE_ORIGIN): https there turns on HSTS. */
  siteOrigin: string;
  /** Payment provider origins the checkout frames or posts forms to, besides its own. */
  providerOrigins: readonly string[];
  /**
   * Who may frame the answer: nobody for pages ('none', the default); the checkout itself for
   * the processing pages a payment modal of the checkout lands on ('self').
   */
  frameAncestors?: 'none' | 'self';
  /** Whether the challenge is Cloudflare Turnstile (its script and its frame), not ALTCHA. */
  turnstile?: boolean;
  /** Whether Google Tag Manager's container may load (GTM_ID set; consent is checked in the browser). */
  tagManager?: boolean;
  /** Adyen's origins of the configured environment (adyen-web.ts); unset: Adyen is not configured. */
  adyen?: AdyenOrigins;
  /** Whether PayPal serves its buttons (PAYPAL_CLIENT_ID set): its SDK script and button frames. */
  paypal?: boolean;
  /** `next dev` (npm run dev): its reloading runs code through eval, which production never allows. */
  development?: boolean;
}

/** Serves Tag Manager's container; the tags it runs report to Google Analytics' collectors. */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const TAG_MANAGER_BEACONS = 'https://*.google-analytics.com https://*.analytics.google.com';

/** Serves Turnstile's loader and frames its widget. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Serves PayPal's JS SDK (sandbox and live alike). */
export const PAYPAL_SCRIPT_ORIGIN = 'https://www.paypal.com';
/** Frame PayPal's buttons (and the SDK's own calls): live, then sandbox. */
const PAYPAL_FRAME_ORIGINS = `${PAYPAL_SCRIPT_ORIGIN} https://www.sandbox.paypal.com`;

/**
 * A nonce with 128 bits of randomness, fresh for every request. Node's own generator: the web
 * crypto global goes through Next's prerender bookkeeping on each call (0.4 % of /payment/'s
 * server CPU in the proxy's profile).
 */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

export function contentSecurityPolicy({
  nonce,
  siteOrigin,
  providerOrigins,
  frameAncestors = 'none',
  turnstile = false,
  tagManager = false,
  adyen,
  paypal = false,
  development = false,
}: SecurityHeaderOptions): string {
  // The sandbox gateway (card fields, wallet sheet, bank link) is served on our own origin
  // under /api/sandbox/, hence 'self' for frames and forms.
  const payment = ["'self'", ...providerOrigins].join(' ');
  // The challenge adds Turnstile's loader from our own (nonce-admitted) code, which
  // 'strict-dynamic' already lets run; browsers honour the host only where they lack
  // 'strict-dynamic'. The widget itself lives in Cloudflare's frame.
  const challenge = turnstile ? ` ${TURNSTILE_ORIGIN}` : '';
  // Our nonce-admitted tracker adds the container's script (with the nonce, and 'strict-dynamic'
  // admits what it loads); the host is for browsers without 'strict-dynamic'.
  const tags = tagManager ? ` ${TAG_MANAGER_ORIGIN}` : '';
  const beacons = tagManager ? ` ${TAG_MANAGER_ORIGIN} ${TAG_MANAGER_BEACONS}` : '';
  // adyen-web (imported by our own code) frames Adyen's secured card fields and fetches its
  // translations and logos. Its native 3-D Secure 2 challenge frames, and posts a form to, the
  // card issuer's own page, on whichever host the issuer has: hence https: for frames and forms
  // beside Adyen (Adyen's advice; PCI DSS exempts the 3-D Secure pages from 6.4.3).
  const adyenHosts = adyen ? ` ${adyen.shopper.join(' ')}` : '';
  const adyenFetches = adyen ? `${adyenHosts} ${adyen.analytics}` : '';
  const issuers = adyen ? ' https:' : '';
  // PayPal's buttons: the SDK script (loaded with the nonce; the host is for browsers without
  // 'strict-dynamic'), the buttons' frames, and the SDK's calls home.
  const paypalScript = paypal ? ` ${PAYPAL_SCRIPT_ORIGIN}` : '';
  const paypalFrames = paypal ? ` ${PAYPAL_FRAME_ORIGINS}` : '';
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}${challenge}${tags}${paypalScript}${adyenHosts}`,
    // React's style attributes and the progress bar's inline style need inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${beacons}${adyenHosts}`,
    "font-src 'self'",
    `connect-src 'self'${paypalFrames}${beacons}${adyenFetches}`,
    // The challenge widget (ALTCHA) solves its proof of work in workers it builds from blobs
    // of its own code; a blob can only come from a script the nonce already admitted.
    'worker-src blob:',
    `frame-src ${payment}${challenge}${paypalFrames}${adyenHosts}${issuers}`,
    `form-action ${payment}${issuers}`,
    `frame-ancestors '${frameAncestors}'`,
    "base-uri 'none'",
    "object-src 'none'",
  ];
  if (isHttps(siteOrigin)) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Every header of a storefront page, the CSP included, as [name, value] pairs. */
export function securityHeaders(options: SecurityHeaderOptions): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    // For browsers that predate frame-ancestors.
    ['X-Frame-Options', options.frameAncestors === 'self' ? 'SAMEORIGIN' : 'DENY'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // Payment Request for the checkout itself (wallets); none of the features it never uses.
    ['Permissions-Policy', 'payment=(self), camera=(), microphone=(), geolocation=(), usb=()'],
  ];
  if (isHttps(options.siteOrigin)) {
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  }
  return headers;
}

function isHttps(origin: string): boolean {
  return origin.startsWith('https:');
}

/** Stands for the nonce while the policy is built: base64 never holds these characters. */
const NONCE_SLOT = '\u0000nonce\u0000';

/**
 * securityHeaders for one configuration, built once: from one answer to the next only the
 * nonce differs, so the proxy puts each request's nonce between two fixed halves of the policy
 * instead of building every directive again.
 */
export function securityHeadersFor(
  options: Omit<SecurityHeaderOptions, 'nonce'>,
): (nonce: string) => [string, string][] {
  const built = securityHeaders({ ...options, nonce: NONCE_SLOT });
  return (nonce) =>
    built.map(([name, value]): [string, string] => [name, value.replace(NONCE_SLOT, nonce)]);
}
