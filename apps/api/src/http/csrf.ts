/**
 * Cross-site request forgery protection for every state-changing call (POST, PUT, PATCH,
 * DELETE): the browser must say it comes from one of our origins, and the body must be JSON.
 *
 * Why these two checks and no token: every current browser sends `Origin` on a non-GET request
 * and `Sec-Fetch-Site` on every request, so a forged request from another site is recognisable
 * by its own headers. Requiring JSON is the second fence: a page on another site can only send
 * form, multipart or text/plain bodies without a CORS preflight, and the api never grants one.
 *
 * A request with no `Origin` is allowed (unless `Sec-Fetch-Site` says cross-site): browsers
 * always send it on these methods, so its absence means a client that is not a browser (the web
 * app's server-side fetches, the desktop app, a provider, curl). Such a client carries no
 * shopper's cookies by accident, which is what a forgery needs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ERROR_CODES } from '@checkout/core/contract';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * How a route's writes are checked, by its registered path. Anything not listed: `checked`.
 * - `exempt`: neither check. Only for protocols that authenticate each request themselves.
 * - `forms`: the origin check, but any body format.
 */
type Policy = 'checked' | 'forms' | 'exempt';

const SANDBOX_FORM_PAGES = new Set(['/api/sandbox/checkout/:id/', '/api/sandbox/bank-link/:id/']);

function policyOf(routePath: string | undefined): Policy {
  // No such route: the not-found answer changes nothing, and must not differ by body type.
  if (routePath === undefined) return 'exempt';
  // The payment provider's notifications: its own format, server to server, each one signed
  // (HMAC over timestamp and body); no browser and no cookie is involved.
  if (routePath === '/api/callback/') return 'exempt';
  // The identity provider's OAuth/OIDC endpoints: token, introspection and revocation requests
  // are form-encoded by the standard and authenticated by the client's secret; the browser only
  // follows redirects here (authorize, resume), and the logout confirmation form carries
  // oidc-provider's own xsrf token. The login and sign-up screens post JSON to
  // /api/identity/interactions/…, which is checked like every other call.
  if (routePath === '/oidc' || routePath.startsWith('/oidc/')) return 'exempt';
  // The sandbox gateway plays an external provider: its hosted page (approval, wallet sheet,
  // 3-D Secure challenge, reached by a redirect_post too) and its bank-link widget post ordinary
  // HTML forms to themselves. They are served from our origin, so the origin check still guards
  // them: another site cannot approve, decline or link a payment. Its card fields post JSON to
  // /api/sandbox/tokens/, which is checked like every other call.
  if (SANDBOX_FORM_PAGES.has(routePath)) return 'forms';
  return 'checked';
}

function isJson(contentType: string | undefined): boolean {
  // The media type is what precedes any parameter ("application/json; charset=utf-8").
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json';
}

const crossSite = () =>
  new AppError(
    ERROR_CODES.crossSiteRequest,
    'This request came from another site and was refused.',
  );

/** Throws the refusal of a forged request; returns when the request may go on. */
export function checkRequestOrigin(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
): void {
  if (!STATE_CHANGING.has(request.method)) return;
  const policy = policyOf(request.routeOptions.url);
  if (policy === 'exempt') return;
  if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
  const origin = request.headers.origin;
  // "null" is the opaque origin of sandboxed frames, data: URLs and privacy redirects.
  if (origin !== undefined && !allowedOrigins.has(origin)) throw crossSite();
  const contentType = request.headers['content-type'];
  if (policy === 'checked' && contentType !== undefined && !isJson(contentType)) {
    throw new AppError(
      ERROR_CODES.unsupportedMediaType,
      'This call accepts a JSON body (Content-Type: application/json) only.',
    );
  }
}

/** Registers the check before any body is read or any route runs. */
export function registerCsrfProtection(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins.map((origin) => new URL(origin).origin));
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkRequestOrigin(request, allowed);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
