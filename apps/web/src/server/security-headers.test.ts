import { describe, expect, it } from 'vitest';
import { adyenOrigins } from './adyen-web';
import {
  contentSecurityPolicy,
  createNonce,
  securityHeaders,
  securityHeadersFor,
} from './security-headers';

const options = { nonce: 'bm9uY2U=', siteOrigin: 'http://localhost:3000', providerOrigins: [] };

describe('storefront security headers', () => {
  it('allows scripts by this answer nonce only, never inline or eval', () => {
    const policy = contentSecurityPolicy(options);
    expect(policy).toContain("script-src 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
    // Only the challenge widget's own blob workers, no worker from anywhere else.
    expect(policy).toContain('worker-src blob:');
  });

  it('admits eval only under next dev (npm run dev), whose reloading needs it', () => {
    expect(contentSecurityPolicy({ ...options, development: true })).toContain(
      "script-src 'nonce-bm9uY2U=' 'strict-dynamic' 'unsafe-eval'",
    );
    expect(contentSecurityPolicy({ ...options, development: false })).not.toContain('eval');
  });

  it('frames and posts forms to the checkout and the configured providers only', () => {
    const policy = contentSecurityPolicy({
      ...options,
      providerOrigins: ['https://pay.provider.example'],
    });
    expect(policy).toContain("frame-src 'self' https://pay.provider.example");
    expect(policy).toContain("form-action 'self' https://pay.provider.example");
  });

  it("admits Cloudflare Turnstile's script and frame only when the challenge is Turnstile", () => {
    const policy = contentSecurityPolicy({ ...options, turnstile: true });
    expect(policy).toContain(
      "script-src 'nonce-bm9uY2U=' 'strict-dynamic' https://challenges.cloudflare.com",
    );
    expect(policy).toContain("frame-src 'self' https://challenges.cloudflare.com");
    expect(policy).not.toMatch(/(connect|form-action|worker)-src[^;]*cloudflare/);
    expect(contentSecurityPolicy(options)).not.toContain('cloudflare');
  });

  it("admits Google Tag Manager's container and its beacons only when GTM_ID is set", () => {
    const policy = contentSecurityPolicy({ ...options, tagManager: true });
    expect(policy).toContain(
      "script-src 'nonce-bm9uY2U=' 'strict-dynamic' https://www.googletagmanager.com",
    );
    expect(policy).toMatch(
      /connect-src 'self' https:\/\/www\.googletagmanager\.com [^;]*google-analytics/,
    );
    expect(policy).toMatch(/img-src [^;]*google-analytics/);
    expect(policy).not.toMatch(/frame-src[^;]*google/);
    expect(contentSecurityPolicy(options)).not.toContain('google');
  });

  it("admits Adyen's origins of the configured environment only when Adyen is configured", () => {
    const test = contentSecurityPolicy({ ...options, adyen: adyenOrigins('test') });
    for (const directive of ['script-src', 'connect-src', 'img-src', 'frame-src'])
      expect(test).toMatch(
        new RegExp(
          `${directive} [^;]*https://checkoutshopper-test\\.adyen\\.com https://checkoutshopper-test\\.cdn\\.adyen\\.com`,
        ),
      );
    // adyen-web's attempt id (asked even with its analytics off): a fetch, never a frame or script.
    expect(test).toMatch(/connect-src [^;]*https:\/\/checkoutanalytics-test\.adyen\.com/);
    expect(test).not.toMatch(/(script|frame|img)-src [^;]*checkoutanalytics/);
    // The issuer's 3-D Secure 2 challenge page is framed and posted to on the issuer's own host.
    expect(test).toMatch(/frame-src [^;]* https:(;|$)/);
    expect(test).toMatch(/form-action [^;]* https:(;|$)/);
    expect(test).not.toContain('live');
    const live = contentSecurityPolicy({ ...options, adyen: adyenOrigins('live-us') });
    expect(live).toContain('https://checkoutshopper-live-us.adyen.com');
    expect(live).not.toMatch(/checkoutshopper-(test|live)\.adyen/);
    expect(live).toContain('https://checkoutanalytics-live-us.adyen.com');
    const none = contentSecurityPolicy(options);
    expect(none).not.toContain('adyen');
    expect(none).not.toMatch(/ https:(;|$)/);
  });

  it("admits PayPal's SDK script and its button frames only when PayPal is configured", () => {
    const off = contentSecurityPolicy(options);
    expect(off).not.toContain('paypal.com');
    const policy = contentSecurityPolicy({ ...options, paypal: true });
    expect(policy).toMatch(/script-src [^;]* https:\/\/www\.paypal\.com(;|$)/);
    expect(policy).toMatch(
      /frame-src [^;]*https:\/\/www\.paypal\.com https:\/\/www\.sandbox\.paypal\.com/,
    );
    expect(policy).toMatch(
      /connect-src 'self' https:\/\/www\.paypal\.com https:\/\/www\.sandbox\.paypal\.com/,
    );
    // Nothing else of PayPal's: no wildcard, no form posts to PayPal.
    expect(policy).not.toContain('*.paypal');
    expect(policy).toMatch(/form-action 'self';/);
  });

  it('sends HSTS only when the public origin is https', () => {
    const names = (siteOrigin: string) =>
      securityHeaders({ ...options, siteOrigin }).map(([name]) => name);
    expect(names('http://localhost:3000')).not.toContain('Strict-Transport-Security');
    expect(securityHeaders({ ...options, siteOrigin: 'https://checkout.example' })).toContainEqual([
      'Strict-Transport-Security',
      'max-age=31536000; includeSubDomains',
    ]);
  });

  it('makes a different nonce each time', () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it('builds the policy once per configuration and puts each answer its own nonce', () => {
    const configured = {
      siteOrigin: 'https://checkout.example',
      providerOrigins: ['https://pay.example'],
      turnstile: true,
      tagManager: true,
      adyen: adyenOrigins('test'),
      paypal: true,
    };
    const headersOf = securityHeadersFor(configured);
    for (const nonce of [createNonce(), createNonce()]) {
      expect(headersOf(nonce)).toEqual(securityHeaders({ ...configured, nonce }));
    }
    // A nonce is never kept from one answer to the next.
    headersOf('Zmlyc3Q=');
    const [[, policy = ''] = []] = headersOf('c2Vjb25k=');
    expect(policy).toContain("'nonce-c2Vjb25k='");
    expect(policy).not.toContain('Zmlyc3Q=');
  });
});
