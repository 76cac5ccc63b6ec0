/** Tiny self-contained HTML answers of the processing routes (no scripts from elsewhere). */
import { env } from '../../../env.server';
import { createNonce, securityHeaders } from '../../../server/security-headers';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * An HTML answer with the storefront's security headers. `script`, when given, is the page's
 * one inline script, allowed by this answer's nonce. A payment modal of the checkout lands on
 * these pages inside its frame, so the checkout itself (and only it) may frame them.
 */
export function htmlResponse(body: string, status = 200, script?: string): Response {
  const nonce = createNonce();
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  const pageHeaders = securityHeaders({
    nonce,
    siteOrigin: env.SITE_ORIGIN,
    providerOrigins: env.PAYMENT_PROVIDER_ORIGINS,
    frameAncestors: 'self',
  });
  for (const [name, value] of pageHeaders) headers.set(name, value);
  const scriptTag = script ? `<script nonce="${nonce}">${script}</script>` : '';
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Redirecting…</title></head><body>${body}${scriptTag}</body></html>`,
    { status, headers },
  );
}
