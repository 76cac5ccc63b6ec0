/**
 * Pre-processing before a redirect_post: some providers must be reached by a form POST. The
 * browser comes here with the target and the fields, and this page posts them at once (with a
 * button when scripts are off). Only the sandbox gateway's own path is an accepted target, so
 * this cannot be turned into an open redirect.
 */
import { escapeHtml, htmlResponse } from '../html';

const ALLOWED_TARGET = /^\/api\/sandbox\/checkout\/[0-9a-f-]{36}\/(\?[\w=%.&-]*)?$/;

export function GET(request: Request): Response {
  const params = new URL(request.url).searchParams;
  const to = params.get('to') ?? '';
  let fields: Record<string, string> = {};
  try {
    fields = JSON.parse(
      Buffer.from(params.get('fields') ?? '', 'base64url').toString('utf8') || '{}',
    ) as Record<string, string>;
  } catch {
    return htmlResponse('<p>Invalid payment form.</p>', 400);
  }
  if (!ALLOWED_TARGET.test(to) || typeof fields !== 'object' || fields === null) {
    return htmlResponse('<p>Invalid payment target.</p>', 400);
  }
  const inputs = Object.entries(fields)
    .filter(([, value]) => typeof value === 'string')
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return htmlResponse(
    `<form id="f" method="post" action="${escapeHtml(to)}">${inputs}<noscript><button type="submit">Continue to payment</button></noscript></form>`,
    200,
    "document.getElementById('f').submit()",
  );
}
