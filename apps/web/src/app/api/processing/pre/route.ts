/**
 * Pre-processing before a redirect_post: some providers must be reached by a form POST. The
 * browser comes here with the target and the fields, and this page posts them at once (with a
 * button when scripts are off). Only a target the payment configuration allows is accepted
 * (payment-targets.ts), so this cannot be turned into an open redirect.
 */
import { sandboxTakesPayments } from '@checkout/core';
import { env } from '../../../../env.server';
import { isPaymentTarget } from '../../../../server/payment-targets';
import { escapeHtml, htmlResponse } from '../html';

const TARGETS = {
  sandbox: sandboxTakesPayments({ deployEnv: env.DEPLOY_ENV, sandboxGateway: env.SANDBOX_GATEWAY }),
  providerOrigins: env.PAYMENT_PROVIDER_ORIGINS,
};

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
  if (!isPaymentTarget(to, TARGETS) || typeof fields !== 'object' || fields === null) {
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
