/**
 * Where a redirect_post may send the shopper's browser with a form: what the configuration
 * allows, so the pre-processing page cannot become an open redirect. The sandbox gateway's
 * hosted page while the sandbox takes payments; otherwise a page on one of the payment
 * providers' origins (PAYMENT_PROVIDER_ORIGINS, https only, which the CSP admits as form targets).
 */
const SANDBOX_TARGET = /^\/api\/sandbox\/checkout\/[0-9a-f-]{36}\/(\?[\w=%.&-]*)?$/;

export interface PaymentTargets {
  /** The sandbox gateway takes payments (outside production, or SANDBOX_GATEWAY=on). */
  sandbox: boolean;
  /** The providers' origins, e.g. https://pay.example.com. */
  providerOrigins: readonly string[];
}

export function isPaymentTarget(to: string, allowed: PaymentTargets): boolean {
  if (SANDBOX_TARGET.test(to)) return allowed.sandbox;
  if (!URL.canParse(to)) return false;
  const url = new URL(to);
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    allowed.providerOrigins.includes(url.origin)
  );
}
