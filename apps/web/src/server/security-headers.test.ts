import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, securityHeaders } from './security-headers';

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
});
