import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FunnelRow,
  ProviderSuccessRow,
  StaffRole,
  WeeklyDisputesRow,
} from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { staffBrowser } from '../../test-support/staff';
import { paymentDesk } from '../payments/desk';
import { paymentOf } from '../payments/order-payment';

const ORIGIN = 'http://localhost:3000';
const MOBILE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36';
const codeOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

describe('funnels and payment figures in the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ EVENTS_RATE_LIMIT_MAX: '100000' });
  });
  afterAll(() => t.close());

  const staff = (role: StaffRole) => staffBrowser(() => t.app, t.database.db, role);

  interface Visit {
    day: string;
    country?: string;
    agent: string;
    language: string;
    experiment: string;
    /** The events in order: `email` is a submitted e-mail form, `pay:<provider>` a started payment. */
    steps: string[];
  }
  /** One browser's visit, sent through the collector as the web server forwards it. */
  async function visit(v: Visit, browserId = randomUUID()) {
    let time = Date.parse(`${v.day}T10:00:00Z`);
    const context = { page_language: v.language, experiment: v.experiment };
    const events = v.steps.map((step) => {
      const [name, provider] = step.split(':');
      const base = {
        id: randomUUID(),
        time: (time += 1000),
        page: '/payment/',
        section: null,
        element: null,
        context: provider ? { ...context, payments: { selected: provider } } : context,
      };
      if (name === 'email') {
        return {
          ...base,
          event: 'form_update',
          section: 'email',
          element: 'email-form',
          context: { ...context, form_status: 'submitted' },
        };
      }
      if (name === 'pay') return { ...base, event: 'payments_initiated' };
      if (name === 'paid')
        return { ...base, event: 'conversion', data: { order_id: randomUUID() } };
      return { ...base, event: name };
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/events/',
        headers: {
          origin: ORIGIN,
          'user-agent': v.agent,
          ...(v.country ? { 'x-visitor-country': v.country } : {}),
        },
        payload: { browser_id: browserId, events },
      });
    expect((await send()).statusCode).toBe(202);
    return send;
  }

  const funnel = async (browser: TestBrowser, query: string) => {
    const res = await browser.inject({ method: 'GET', url: `/api/console/funnels/?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ rows: FunnelRow[] }>().rows;
  };
  const steps = (r: FunnelRow | undefined) => [r?.viewed, r?.email, r?.paymentStarted, r?.paid];

  beforeAll(async () => {
    const day = '2026-10-05';
    await visit({
      day,
      country: 'DE',
      agent: MOBILE,
      language: 'de',
      experiment: 'big-payment-cta:control',
      steps: ['page_view', 'email', 'pay:adyen_card', 'paid'],
    });
    await visit({
      day,
      country: 'US',
      agent: DESKTOP,
      language: 'en',
      experiment: 'big-payment-cta:big+plan-title:display-title',
      steps: ['page_view', 'email'],
    });
    // A beacon sent twice counts once.
    const again = await visit({
      day,
      country: 'US',
      agent: DESKTOP,
      language: 'en',
      experiment: 'big-payment-cta:big',
      steps: ['page_view', 'scroll'],
    });
    expect((await again()).statusCode).toBe(202);
    // One visitor over two batches of one day: a form update that is not a submitted e-mail, then a payment.
    const browserId = randomUUID();
    await visit(
      { day: '2026-10-06', agent: DESKTOP, language: 'en', experiment: '', steps: ['page_view'] },
      browserId,
    );
    await visit(
      {
        day: '2026-10-06',
        agent: DESKTOP,
        language: 'en',
        experiment: '',
        steps: ['form_update', 'pay:paypal'],
      },
      browserId,
    );
  });

  it('counts visitors per day who reached each step: page view, e-mail, payment started, paid', async () => {
    const analyst = await staff('analyst');
    const rows = await funnel(analyst, 'from=2026-10-05&to=2026-10-06');
    expect(rows.map((r) => [r.day, r.group, ...steps(r)])).toEqual([
      ['2026-10-05', '', 3, 2, 1, 1],
      ['2026-10-06', '', 1, 0, 1, 0],
    ]);
  });

  it('groups and filters by country, language, device, provider and experiment variant', async () => {
    const analyst = await staff('analyst');
    const grouped = async (query: string) =>
      Object.fromEntries(
        (await funnel(analyst, `from=2026-10-05&to=2026-10-05&${query}`)).map((r) => [
          r.group,
          steps(r),
        ]),
      );
    expect(await grouped('groupBy=country')).toEqual({ DE: [1, 1, 1, 1], US: [2, 1, 0, 0] });
    expect(await grouped('groupBy=language')).toEqual({ de: [1, 1, 1, 1], en: [2, 1, 0, 0] });
    expect(await grouped('groupBy=device')).toEqual({
      mobile: [1, 1, 1, 1],
      desktop: [2, 1, 0, 0],
    });
    expect(await grouped('groupBy=provider')).toEqual({
      adyen_card: [1, 1, 1, 1],
      '': [2, 1, 0, 0],
    });
    expect(await grouped('groupBy=variant&experiment=big-payment-cta')).toEqual({
      control: [1, 1, 1, 1],
      big: [2, 1, 0, 0],
    });
    expect(await grouped('groupBy=variant&experiment=plan-title')).toEqual({
      'display-title': [1, 1, 0, 0],
    });
    expect(await grouped('device=desktop&country=US')).toEqual({ '': [2, 1, 0, 0] });
    expect(await grouped('experiment=big-payment-cta&variant=control')).toEqual({
      '': [1, 1, 1, 1],
    });
  });

  it('exports the funnel as CSV', async () => {
    const finance = await staff('finance');
    const res = await finance.inject({
      method: 'GET',
      url: '/api/console/funnels/?from=2026-10-05&to=2026-10-05&groupBy=country&format=csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="funnel-2026-10-05-2026-10-05.csv"',
    );
    expect(res.body).toBe(
      'day,group,viewed,email,paymentStarted,paid\n2026-10-05,DE,1,1,1,1\n2026-10-05,US,2,1,0,0\n',
    );
  });

  it('refuses strangers (401), roles that do not read funnels (403), and bad queries (400)', async () => {
    const stranger = testBrowser(() => t.app);
    for (const url of [
      '/api/console/funnels/?from=2026-10-05&to=2026-10-05',
      '/api/console/funnels/payments/?from=2026-10-05&to=2026-10-05',
      '/api/console/funnels/disputes/?from=2026-10-05&to=2026-10-05',
    ]) {
      const res = await stranger.inject({ method: 'GET', url });
      expect([res.statusCode, codeOf(res)]).toEqual([401, 'unauthenticated']);
      const support = await (await staff('support')).inject({ method: 'GET', url });
      expect([support.statusCode, codeOf(support)]).toEqual([403, 'forbidden']);
    }
    const marketer = await staff('marketing');
    for (const query of [
      'from=2026-10-06&to=2026-10-05',
      'from=2026-01-01&to=2026-06-30',
      'from=2026-10-05&to=2026-10-06&groupBy=variant',
      'from=2026-10-05&to=2026-10-06&groupBy=weather',
      'from=2026-10-05',
    ]) {
      const res = await marketer.inject({ method: 'GET', url: `/api/console/funnels/?${query}` });
      expect([query, res.statusCode, codeOf(res)]).toEqual([query, 400, 'validation_failed']);
    }
  });

  /** A shopper pays (or is declined) by card in the sandbox: the order's id. */
  async function cardOrder(card: string): Promise<string> {
    const paid = await buyByCard(
      testBrowser(() => t.app),
      {
        cart: { email: `funnel.${randomUUID().slice(0, 8)}@gmail.com` },
        card: { number: card },
      },
    );
    return paid.json<{ orderId: string }>().orderId;
  }

  it('gives the payment success rate per provider and method, and refunds per week', async () => {
    const paid = await cardOrder('4242424242424242');
    await cardOrder('4242424242424242');
    await cardOrder('4000000000000002');
    const finance = await staff('finance');
    const refunded = await finance.inject({
      method: 'POST',
      url: `/api/console/orders/${paid}/refunds/`,
      headers: { origin: ORIGIN },
      payload: { requestId: randomUUID(), amountMinor: 100 },
    });
    expect(refunded.statusCode).toBe(200);
    // Adyen reports a chargeback (and a failed refund, which is not one), the chargeback twice.
    const desk = paymentDesk({ db: t.database.db, catalog: t.catalog });
    const { paymentId } = await paymentOf(t.database.db, paid);
    const dispute = (eventCode: string, reference: string) =>
      desk.reportDispute({
        paymentId,
        orderId: paid,
        eventCode,
        reference,
        reason: undefined,
        amountMinor: 999,
        currency: 'EUR',
        decision: 'told the operators',
        endSubscriptions: false,
        chargeback: eventCode === 'CHARGEBACK',
      });
    const chargeback = randomUUID();
    for (const [code, reference] of [
      ['CHARGEBACK', chargeback],
      ['CHARGEBACK', chargeback],
      ['REFUND_FAILED', randomUUID()],
    ] as const)
      await dispute(code, reference);

    const today = new Date().toISOString().slice(0, 10);
    const analyst = await staff('analyst');
    const providers = (
      await analyst.inject({
        method: 'GET',
        url: `/api/console/funnels/payments/?from=${today}&to=${today}`,
      })
    ).json<{ providers: ProviderSuccessRow[] }>().providers;
    expect(providers).toEqual([
      { provider: 'adyen_card', family: 'adyen', method: 'card', attempts: 3, succeeded: 2 },
    ]);
    const weeks = (
      await analyst.inject({
        method: 'GET',
        url: `/api/console/funnels/disputes/?from=${today}&to=${today}`,
      })
    ).json<{ weeks: WeeklyDisputesRow[] }>().weeks;
    expect(weeks.map((w) => [w.refunds, w.chargebacks])).toEqual([[1, 1]]);
    const monday = new Date(`${weeks[0]?.week ?? ''}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
  });
});
