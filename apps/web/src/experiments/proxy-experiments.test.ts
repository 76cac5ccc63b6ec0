/** Assignment in the proxy: cookies, redirects, monitoring and QA forcing, as the browser sees them. */
import { NextRequest, NextResponse } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { experimentSchema, type Experiment } from '@checkout/core/experiments';
import { DEVELOPMENT_QA_SECRET, mintQaToken } from '../server/qa-token';

vi.mock('server-only', () => ({}));
vi.mock('next-intl/middleware', () => ({
  default: () => (request: NextRequest) =>
    NextResponse.next({ request: { headers: request.headers } }),
}));

const running = (id: string, extra: object = {}): Experiment =>
  experimentSchema.parse({
    id,
    type: 'segment',
    variants: [
      { value: 'control', weight: 1 },
      { value: 'b', weight: 1 },
    ],
    allocator: ['checkout'],
    triggers: {
      combinator: 'AND',
      rules: [{ dimension: 'URL_PATH', operator: 'STARTS_WITH', value: '/payment/' }],
    },
    status: 'running',
    ...extra,
  });

const EXPERIMENTS: Experiment[] = [
  running('big-payment-cta', {
    variants: [
      { value: 'control', weight: 0 },
      { value: 'big', weight: 1 },
    ],
  }),
  running('site-wide', {
    allocator: ['checkout', 'website'],
    variants: [{ value: 'b', weight: 1 }],
  }),
  running('home-to-products', {
    type: 'redirect',
    status: 'paused',
    triggers: {
      combinator: 'AND',
      rules: [{ dimension: 'URL_PATH', operator: 'EQUALS', value: '/' }],
    },
    variants: [
      { value: 'control', weight: 1 },
      { value: 'products', weight: 1, redirectTo: '/products/' },
    ],
  }),
];

vi.mock('./definitions.server', () => ({ currentExperiments: () => EXPERIMENTS }));

async function loadProxy() {
  vi.resetModules();
  return (await import('../proxy')).default;
}

const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost:3000${path}`, {
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });

const setCookies = (response: NextResponse) => response.headers.getSetCookie();
const forwarded = (response: NextResponse, name: string) =>
  response.headers.get(`x-middleware-request-${name}`);

afterEach(() => vi.unstubAllEnvs());

describe('experiments in the proxy', () => {
  it('assigns before rendering and keeps the variants in 90-day cookies joined with +', async () => {
    const proxy = await loadProxy();
    const response = proxy(get('/payment/?product_group=vpn'));
    expect(forwarded(response, 'x-checkout-experiments')).toBe('big-payment-cta:big+site-wide:b');
    const cookies = setCookies(response);
    expect(cookies).toContain(
      'experiment=big-payment-cta:big+site-wide:b; Path=/; Max-Age=7776000; SameSite=Lax',
    );
    expect(cookies).toContain(
      'experiment_local=big-payment-cta:big; Path=/; Max-Age=7776000; SameSite=Lax; HttpOnly',
    );
    expect(cookies).toContain(
      'experiment_global=site-wide:b; Path=/; Max-Age=7776000; SameSite=Lax; HttpOnly',
    );
  });

  it('keeps a returning visitor in their variants and sets no cookie again', async () => {
    const proxy = await loadProxy();
    const cookie =
      'experiment=site-wide:b+big-payment-cta:control; experiment_local=big-payment-cta:control; experiment_global=site-wide:b';
    const response = proxy(get('/de/payment/', cookie));
    expect(forwarded(response, 'x-checkout-experiments')).toBe(
      'site-wide:b+big-payment-cta:control',
    );
    expect(setCookies(response).filter((c) => c.startsWith('experiment'))).toEqual([]);
  });

  it('reassigns a tampered cookie value, and ignores a client-sent copy of the internal header', async () => {
    const proxy = await loadProxy();
    const response = proxy(
      get('/payment/', 'experiment_local=big-payment-cta:free', {
        'x-checkout-experiments': 'plan-upsell:upsell',
      }),
    );
    expect(forwarded(response, 'x-checkout-experiments')).toBe('big-payment-cta:big+site-wide:b');
  });

  it('gives monitoring=true no experiments and no cookies', async () => {
    const proxy = await loadProxy();
    const response = proxy(
      get('/payment/?monitoring=true', 'experiment_local=big-payment-cta:big'),
    );
    expect(forwarded(response, 'x-checkout-experiments')).toBe('');
    expect(setCookies(response).filter((c) => c.startsWith('experiment'))).toEqual([]);
  });

  it('lets a QA visitor force a paused redirect variant: redirected with the query kept', async () => {
    const proxy = await loadProxy();
    const qa = mintQaToken(DEVELOPMENT_QA_SECRET, 'tester', new Date(Date.now() + 3600_000));
    const response = proxy(
      get(`/de/?coupon=SPRING&qa=${qa}&force_experiment=home-to-products:products`),
    );
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.pathname).toBe('/de/products/');
    expect(location.searchParams.get('coupon')).toBe('SPRING');
    // Without a QA token the parameter does nothing.
    const plain = proxy(get('/de/?force_experiment=home-to-products:products'));
    expect(plain.status).toBe(200);
  });

  it('reads force_experiment=a:b+c:d as written in a link, where the + arrives as a space', async () => {
    const proxy = await loadProxy();
    const qa = mintQaToken(DEVELOPMENT_QA_SECRET, 'tester', new Date(Date.now() + 3600_000));
    const response = proxy(
      get(`/payment/?qa=${qa}&force_experiment=big-payment-cta:control+site-wide:b`),
    );
    expect(forwarded(response, 'x-checkout-experiments')).toBe(
      'big-payment-cta:control+site-wide:b',
    );
  });

  describe('for a visitor who must opt in (docs/decisions/007)', () => {
    const fromGermany = { 'x-test-country': 'DE' };
    const experimentCookies = (response: NextResponse) =>
      setCookies(response).filter((c) => c.startsWith('experiment'));

    it('assigns nothing and keeps no cookie before analytics is allowed', async () => {
      vi.stubEnv('GEO_COUNTRY_HEADER', 'x-test-country');
      const proxy = await loadProxy();
      const response = proxy(get('/de/payment/', undefined, fromGermany));
      expect(forwarded(response, 'x-checkout-experiments')).toBe('');
      expect(experimentCookies(response)).toEqual([]);
    });

    it('removes the cookies once the visitor chose only necessary', async () => {
      vi.stubEnv('GEO_COUNTRY_HEADER', 'x-test-country');
      const proxy = await loadProxy();
      const cookie =
        'consent=necessary; experiment=big-payment-cta:big; experiment_local=big-payment-cta:big';
      const response = proxy(get('/de/payment/', cookie, fromGermany));
      expect(forwarded(response, 'x-checkout-experiments')).toBe('');
      expect(experimentCookies(response)).toEqual([
        'experiment=; Path=/; Max-Age=0; SameSite=Lax',
        'experiment_local=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly',
      ]);
    });

    it('still shows the variant a link asks for, without remembering it', async () => {
      vi.stubEnv('GEO_COUNTRY_HEADER', 'x-test-country');
      const proxy = await loadProxy();
      const qa = mintQaToken(DEVELOPMENT_QA_SECRET, 'tester', new Date(Date.now() + 3600_000));
      const link = `/de/payment/?qa=${qa}&force_experiment=big-payment-cta:control`;
      const response = proxy(get(link, undefined, fromGermany));
      expect(forwarded(response, 'x-checkout-experiments')).toBe('big-payment-cta:control');
      expect(experimentCookies(response)).toEqual([]);
    });

    it('assigns and keeps the variants once analytics is allowed', async () => {
      vi.stubEnv('GEO_COUNTRY_HEADER', 'x-test-country');
      const proxy = await loadProxy();
      const cookie = 'consent=necessary%2Banalytics';
      const response = proxy(get('/de/payment/', cookie, fromGermany));
      expect(forwarded(response, 'x-checkout-experiments')).toBe('big-payment-cta:big+site-wide:b');
      expect(experimentCookies(response)).toHaveLength(3);
    });
  });

  it('keeps the experiment cookies on a QA landing beside the QA cookie', async () => {
    const proxy = await loadProxy();
    const qa = mintQaToken(DEVELOPMENT_QA_SECRET, 'tester', new Date(Date.now() + 3600_000));
    const cookies = setCookies(proxy(get(`/payment/?product_group=vpn&qa=${qa}`)));
    expect(cookies.map((c) => c.split('=')[0])).toEqual(
      expect.arrayContaining(['experiment', 'experiment_local', 'experiment_global', 'qa_user']),
    );
    expect(cookies).toContain(
      'experiment=big-payment-cta:big+site-wide:b; Path=/; Max-Age=7776000; SameSite=Lax',
    );
  });
});
