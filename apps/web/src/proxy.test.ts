/** The proxy decides who is a QA visitor and so who may override flags (finding 8, issue 12). */
import { NextRequest, NextResponse } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVELOPMENT_QA_SECRET, mintQaToken } from './server/qa-token';

vi.mock('server-only', () => ({}));
// next-intl's ESM build does not load under plain Node; what matters here is that it hands the
// request headers the proxy set on to the page, as its real middleware does.
vi.mock('next-intl/middleware', () => ({
  default: () => (request: NextRequest) =>
    NextResponse.next({ request: { headers: request.headers } }),
}));

async function loadProxy(env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return (await import('./proxy')).default;
}

/** The flag overrides the page will see, as the proxy forwards them. */
const forwardedFlags = (response: NextResponse) =>
  response.headers.get('x-middleware-request-x-checkout-ff');
const qaCookie = (response: NextResponse) => response.cookies.get('qa_user');

const inOneDay = () => new Date(Date.now() + 24 * 3600_000);
const page = (query: string, cookie?: string) =>
  new NextRequest(`http://localhost:3000/payment/?product_group=vpn&${query}`, {
    headers: cookie ? { cookie } : {},
  });

afterEach(() => vi.unstubAllEnvs());

describe('QA overrides', () => {
  it('an unsigned qa value makes nobody a QA visitor', async () => {
    const proxy = await loadProxy();
    const response = proxy(page('qa=x&ff=renewal-price-disclaimer:off'));
    expect(forwardedFlags(response)).toBeNull();
    expect(qaCookie(response)).toBeUndefined();
  });

  it('a hand-made qa_user cookie makes nobody a QA visitor', async () => {
    const proxy = await loadProxy();
    expect(forwardedFlags(proxy(page('ff=coupon:off', 'qa_user=1')))).toBeNull();
  });

  it('a signed token overrides flags and is kept in a cookie until it expires', async () => {
    const proxy = await loadProxy();
    const token = mintQaToken(DEVELOPMENT_QA_SECRET, 'tester', inOneDay());
    const response = proxy(page(`qa=${token}&ff=coupon:off`));
    expect(forwardedFlags(response)).toBe('coupon:off');
    expect(qaCookie(response)).toMatchObject({ value: token, httpOnly: true });
    const later = proxy(page('ff=plan-upsell:b', `qa_user=${token}`));
    expect(forwardedFlags(later)).toBe('plan-upsell:b');
  });

  it('production without QA_SECRET honours no QA token, not even one signed for development', async () => {
    const proxy = await loadProxy({ DEPLOY_ENV: 'production', QA_SECRET: '' });
    const token = mintQaToken(DEVELOPMENT_QA_SECRET, 'tester', inOneDay());
    const response = proxy(page(`qa=${token}&ff=coupon:off`));
    expect(forwardedFlags(response)).toBeNull();
    expect(qaCookie(response)).toBeUndefined();
  });

  it('production takes tokens signed with its QA_SECRET only', async () => {
    const secret = 'production-qa-secret-of-at-least-32-bytes';
    const proxy = await loadProxy({ DEPLOY_ENV: 'production', QA_SECRET: secret });
    const signed = mintQaToken(secret, 'tester', inOneDay());
    const devSigned = mintQaToken(DEVELOPMENT_QA_SECRET, 'tester', inOneDay());
    expect(forwardedFlags(proxy(page(`qa=${signed}&ff=coupon:off`)))).toBe('coupon:off');
    expect(forwardedFlags(proxy(page(`qa=${devSigned}&ff=coupon:off`)))).toBeNull();
  });
});

describe('locale parameter (spec §2)', () => {
  const visit = (path: string) => new NextRequest(`http://localhost:3000${path}`);

  it('sends ?locale=de to the German address, without the parameter', async () => {
    const proxy = await loadProxy();
    const response = proxy(visit('/?locale=de'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/de/');
  });

  it('keeps the page and the rest of the query, and replaces a prefix already there', async () => {
    const proxy = await loadProxy();
    const response = proxy(visit('/fr/payment/?product_group=pass&locale=pt-br&coupon=A'));
    expect(response.headers.get('location')).toBe(
      'http://localhost:3000/pt-br/payment/?product_group=pass&coupon=A',
    );
    const english = proxy(visit('/de/payment/?locale=en'));
    expect(english.headers.get('location')).toBe('http://localhost:3000/payment/');
  });

  it('drops an unknown language and stays on the page', async () => {
    const proxy = await loadProxy();
    const response = proxy(visit('/payment/?locale=xx&product_group=vpn'));
    expect(response.headers.get('location')).toBe(
      'http://localhost:3000/payment/?product_group=vpn',
    );
  });
});

describe("the operators' console", () => {
  it('is served unprefixed, never framed, cached or indexed, and admits no provider origin', async () => {
    const proxy = await loadProxy({ PAYMENT_PROVIDER_ORIGINS: 'https://pay.example' });
    const response = proxy(new NextRequest('http://localhost:3000/console/en/orders/'));
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src 'self';");
    expect(csp).not.toContain('pay.example');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
  });
});
