/**
 * Runs before every request: forwards /api/* and /graphql to the api service (cookies stay
 * first-party, no CORS), keeps page addresses slash-terminated, marks QA visitors, hands
 * request facts to server components through headers, assigns experiments (cookies, redirect
 * variants) before the page renders, and gives every page its security headers with a fresh
 * CSP nonce.
 */
import createMiddleware from 'next-intl/middleware';
import { NextRequest, NextResponse } from 'next/server';
import {
  BROWSER_COLLECTOR_PATH,
  CONSENT_COOKIE,
  isProductionDeploy,
  localizedPath,
  stripLocalePrefix,
} from '@checkout/core';
import {
  EXPERIMENT_COOKIE,
  EXPERIMENT_COOKIE_MAX_AGE,
  formatAssignments,
} from '@checkout/core/experiments';
import { readQueryParam } from './rules/query-params';
import { VISITOR_COUNTRY_HEADER } from '@checkout/core/contract';
import { env } from './env.server';
import { routing } from './i18n/routing';
import { currentExperiments } from './experiments/definitions.server';
import {
  requestExperiments,
  type RequestExperiments,
} from './experiments/request-experiments.server';
import {
  QA_COOKIE,
  REQUEST_EXPERIMENTS_HEADER,
  REQUEST_FF_HEADER,
  REQUEST_PRICING_EXPERIMENT_HEADER,
  REQUEST_URL_HEADER,
  REQUEST_VISITOR_EXPERIMENTS_HEADER,
} from './server/request-headers';
import { allowsAnalytics } from './server/consent.server';
import { countryOf } from './server/geo.server';
import { qaSecretFor, verifyQaToken, type QaVisitor } from './server/qa-token';
import { adyenOrigins, adyenWebConfig } from './server/adyen-web';
import { createNonce, securityHeadersFor } from './server/security-headers';

const intl = createMiddleware({ ...routing, alternateLinks: false });

/** Adyen's origins, admitted by every page's policy only when Adyen is configured. */
const adyen = adyenWebConfig(env);
const adyenHosts = adyen ? adyenOrigins(adyen.environment) : undefined;

/**
 * The storefront pages' headers and the console's (no payment provider's origin), built once:
 * only each answer's nonce is put in per request.
 */
const development = process.env.NODE_ENV === 'development';
const pageHeadersWith = securityHeadersFor({
  siteOrigin: env.SITE_ORIGIN,
  providerOrigins: env.PAYMENT_PROVIDER_ORIGINS,
  turnstile: Boolean(env.TURNSTILE_SITE_KEY),
  tagManager: Boolean(env.GTM_ID),
  adyen: adyenHosts,
  paypal: Boolean(env.PAYPAL_CLIENT_ID),
  // Set by next dev only; env.server refuses it beside a production DEPLOY_ENV.
  development,
});
const consoleHeadersWith = securityHeadersFor({
  siteOrigin: env.SITE_ORIGIN,
  providerOrigins: [],
  development,
});

/** Unset in a production deployment without QA_SECRET: then nobody is a QA visitor. */
const qaSecret = qaSecretFor({
  QA_SECRET: env.QA_SECRET,
  production: isProductionDeploy(env.DEPLOY_ENV),
});

/** A signed, unexpired QA token from the link or, after the first visit, from the cookie. */
function qaVisitorOf(request: NextRequest): { token: string; visitor: QaVisitor } | null {
  if (!qaSecret) return null;
  for (const token of [
    request.nextUrl.searchParams.get('qa'),
    request.cookies.get(QA_COOKIE)?.value,
  ]) {
    const visitor = token ? verifyQaToken(qaSecret, token) : null;
    if (token && visitor) return { token, visitor };
  }
  return null;
}

function isApiPath(pathname: string): boolean {
  if (pathname.startsWith('/api/processing/')) return false; // the web app's own handlers
  if (pathname === '/oidc' || pathname.startsWith('/oidc/')) return true; // the identity provider
  return pathname.startsWith('/api/') || pathname === '/graphql' || pathname === '/graphql/';
}

/**
 * Experiment cookies, written by hand: Next's cookie helper would percent-encode the '+' and
 * ':' of `id:variant+id:variant` (spec §9). Only `experiment` is left readable to the browser
 * (analytics reads it); the assignment records are HttpOnly.
 */
function keepExperimentCookies(
  request: NextRequest,
  response: NextResponse,
  cookies: Record<string, string>,
): void {
  const secure = env.SITE_ORIGIN.startsWith('https:') ? '; Secure' : '';
  for (const [name, value] of Object.entries(cookies)) {
    if ((request.cookies.get(name)?.value ?? '') === value) continue;
    const httpOnly = name === EXPERIMENT_COOKIE ? '' : '; HttpOnly';
    const maxAge = value ? EXPERIMENT_COOKIE_MAX_AGE : 0;
    response.headers.append(
      'set-cookie',
      `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly}${secure}`,
    );
  }
}

/** A redirect variant: the same page's language, the variant's path, the query kept. */
function redirectToVariant(request: NextRequest, target: string, assigned: RequestExperiments) {
  const url = new URL(request.url);
  const first = url.pathname.split('/')[1] ?? '';
  const locale = routing.locales.find((l) => l === first);
  url.pathname = locale ? localizedPath(locale, target) : target;
  const response = NextResponse.redirect(url, 307);
  if (assigned.cookies) keepExperimentCookies(request, response, assigned.cookies);
  return response;
}

/**
 * The operators' console (app/console/, its own document in English or German): no language
 * prefix, experiments or QA; the page headers without any payment provider's origin, never
 * cached or indexed (docs/decisions/009-operators-console.md).
 */
function consolePage(request: NextRequest): NextResponse {
  const pageHeaders = consoleHeadersWith(createNonce());
  const headers = new Headers(request.headers);
  for (const [name, value] of pageHeaders) {
    if (name === 'Content-Security-Policy') headers.set(name, value);
  }
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of pageHeaders) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
}

export default function proxy(request: NextRequest): NextResponse {
  const { pathname, search, searchParams } = request.nextUrl;
  // Every request keeps this node's copy of the experiments fresh (a read in the background).
  const experiments = currentExperiments();
  if (isApiPath(pathname)) {
    const target = new URL(`${pathname}${search}`, env.API_URL);
    if (pathname !== '/api/events/') return NextResponse.rewrite(target);
    // The collector's funnel groups by country: ours, never one the client sent.
    const headers = new Headers(request.headers);
    headers.set(VISITOR_COUNTRY_HEADER, countryOf(request.headers));
    return NextResponse.rewrite(target, { request: { headers } });
  }
  // The web app's own route handlers: no language prefix, no page processing.
  if (pathname.startsWith('/api/processing/')) return NextResponse.next();
  if (pathname.startsWith(`${BROWSER_COLLECTOR_PATH}/`)) return NextResponse.next();
  if (!pathname.endsWith('/') && !/\.[a-z0-9]+$/i.test(pathname)) {
    // A plain URL: NextURL would re-apply its own slash handling to the pathname.
    const url = new URL(request.url);
    url.pathname = `${pathname}/`;
    return NextResponse.redirect(url, 308);
  }

  if (pathname.startsWith('/console/')) return consolePage(request);

  if (searchParams.has('locale')) {
    // `?locale=de` is a link to the German page: send the browser to its address (the prefix
    // is where the language lives), without the parameter; an unknown language is just dropped.
    const url = new URL(request.url);
    url.searchParams.delete('locale');
    const locale = readQueryParam(searchParams, 'locale');
    if (locale) url.pathname = localizedPath(locale, stripLocalePrefix(pathname));
    return NextResponse.redirect(url, 307);
  }

  const qa = qaVisitorOf(request);
  const country = countryOf(request.headers);
  const assigned = requestExperiments(request, experiments, {
    country,
    qa: qa !== null,
    analytics: allowsAnalytics(country, request.cookies.get(CONSENT_COOKIE)?.value),
  });
  if (assigned.result.redirectTo) {
    return redirectToVariant(request, assigned.result.redirectTo, assigned);
  }
  const headers = new Headers(request.headers);
  headers.set(REQUEST_URL_HEADER, `${pathname}${search}`);
  const pageHeaders = pageHeadersWith(createNonce());
  // Next.js takes the nonce for its own scripts from the request's copy of the policy.
  for (const [name, value] of pageHeaders) {
    if (name === 'Content-Security-Policy') headers.set(name, value);
  }
  // Never trust a client-sent copy of our internal header: only QA visitors may override flags.
  headers.delete(REQUEST_FF_HEADER);
  const ff = searchParams.get('ff');
  if (qa && ff) headers.set(REQUEST_FF_HEADER, ff);
  // What the page renders, and what its api calls carry: decided here, never by the client.
  headers.set(REQUEST_EXPERIMENTS_HEADER, formatAssignments(assigned.result.active));
  headers.set(REQUEST_VISITOR_EXPERIMENTS_HEADER, assigned.visitorExperiments);
  headers.set(REQUEST_PRICING_EXPERIMENT_HEADER, assigned.pricingExperimentId ?? '');

  const response = intl(new NextRequest(request, { headers }));
  for (const [name, value] of pageHeaders) response.headers.set(name, value);
  if (qa && qa.token === searchParams.get('qa')) {
    // The token itself, checked again on every request, lasts exactly as long as it is valid.
    // Set before the experiment cookies: Next's cookie helper rewrites every Set-Cookie header
    // from its own list, which knows nothing of the ones appended by hand.
    response.cookies.set(QA_COOKIE, qa.token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env.SITE_ORIGIN.startsWith('https:'),
      expires: new Date(qa.visitor.expiresAt),
    });
  }
  if (assigned.cookies) keepExperimentCookies(request, response, assigned.cookies);
  return response;
}

export const config = {
  // Everything but build assets and the static icon folder.
  matcher: ['/((?!_next/|static/|favicon\\.ico).*)'],
};
