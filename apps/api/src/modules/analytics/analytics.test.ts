import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  attributionOfVisit,
  serializeAttribution,
  type Attribution,
  type CartView,
  type PaymentAction,
} from '@checkout/core';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster, type Cluster } from '../../db/postgres-cluster';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { analyticsEvents, analyticsRefusals, consentDecisions, orderAttributions } from './tables';
import { browserHash } from './service';

const event = (name: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  event: name,
  time: Date.now(),
  page: '/payment/',
  section: 'plans',
  element: null,
  context: { currency: 'EUR', page_language: 'en', consent_status: 'default' },
  ...extra,
});

/** The collector's behaviour, on whichever database `open` runs the api. */
function collectorSuite(open: () => Promise<TestApp>) {
  let t: TestApp;
  beforeAll(async () => {
    t = await open();
  }, 60_000);
  afterAll(() => t.close());

  const send = (payload: unknown, browser = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/events/',
      cookies: { browser_id: browser },
      payload: payload as Record<string, unknown>,
    });
  const stored = (browserId: string) =>
    t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.browserId, browserId));
  const refusals = async (reason: string) =>
    (
      await t.database.db
        .select()
        .from(analyticsRefusals)
        .where(eq(analyticsRefusals.reason, reason))
    ).reduce((sum, row) => sum + row.batches, 0);

  it('stores a batch of events with their context and reads them back in order', async () => {
    const browserId = randomUUID();
    const first = event('page_view', { section: null, time: Date.now() - 10 });
    const second = event('plans_displayed', {
      context: {
        currency: 'EUR',
        plans: { displayed: [{ identifier: 'vpn-basic-1y', product_id: 1 }] },
      },
    });
    const res = await send({ browser_id: browserId, events: [first, second] }, browserId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const back = await t.app.inject({ url: `/api/sandbox/events/?browser_id=${browserId}` });
    type Stored = { event: string; context: unknown; occurredAt: string; section: string | null };
    const events = back.json<{ events: Stored[] }>().events;
    expect(events.map((e) => e.event)).toEqual(['page_view', 'plans_displayed']);
    expect(events[1]?.context).toEqual(second.context);
    // The browser's clock to the millisecond, and a missing section as no section.
    expect(events.map((e) => new Date(e.occurredAt).getTime())).toEqual([first.time, second.time]);
    expect(events.map((e) => e.section)).toEqual([null, 'plans']);
  });

  it('refuses a batch with one unknown event whole (400), stores none of it, and counts it', async () => {
    const browserId = randomUUID();
    const before = await refusals('unknown_event');
    const res = await send(
      { browser_id: browserId, events: [event('page_view'), event('purchase_made')] },
      browserId,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed' } });
    expect(await stored(browserId)).toHaveLength(0);
    expect(await refusals('unknown_event')).toBe(before + 1);
  });

  it.each([
    ['an unknown context field', { context: { email: 'a@b.c' } }],
    [
      'a fractional revenue',
      { event: 'conversion', data: { order_id: randomUUID(), revenue_minor: 9.99 } },
    ],
    ['a conversion without its order', { event: 'conversion', data: {} }],
    [
      'an exposure without its variant',
      { event: 'experiment_exposure', data: { experiment_id: 'x' } },
    ],
  ])('refuses %s with a 400 and a message, never a 500', async (_name, extra) => {
    const browserId = randomUUID();
    const res = await send({ browser_id: browserId, events: [event('click', extra)] }, browserId);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBeTruthy();
    expect(await stored(browserId)).toHaveLength(0);
  });

  it('caps a batch at 50 events (413) and a body at 64 KiB, counting both', async () => {
    const browserId = randomUUID();
    const before = await refusals('payload_too_large');
    const many = Array.from({ length: 51 }, () => event('scroll'));
    expect((await send({ browser_id: browserId, events: many }, browserId)).statusCode).toBe(413);
    const huge = [
      event('error', { context: { error_message: 'x'.repeat(300) }, page: 'p'.repeat(70_000) }),
    ];
    expect((await send({ browser_id: browserId, events: huge }, browserId)).statusCode).toBe(413);
    expect(await stored(browserId)).toHaveLength(0);
    expect(await refusals('payload_too_large')).toBe(before + 2);
  });

  it('keeps one conversion per order and one copy of a resent batch', async () => {
    const browserId = randomUUID();
    const orderId = randomUUID();
    const conversion = event('conversion', {
      data: { order_id: orderId, revenue_minor: 1299, currency: 'EUR' },
    });
    await send({ browser_id: browserId, events: [conversion] }, browserId);
    await send({ browser_id: browserId, events: [conversion] }, browserId);
    const again = event('conversion', {
      data: { order_id: orderId, revenue_minor: 1299, currency: 'EUR' },
    });
    expect((await send({ browser_id: browserId, events: [again] }, browserId)).statusCode).toBe(
      202,
    );
    expect(await stored(browserId)).toHaveLength(1);
  });

  it('limits the batches of one browser per minute, not of the others', async () => {
    const browserId = randomUUID();
    const batch = () => ({ browser_id: browserId, events: [event('scroll')] });
    for (let i = 0; i < 3; i++) expect((await send(batch(), browserId)).statusCode).toBe(202);
    const refused = await send(batch(), browserId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    const other = randomUUID();
    expect((await send({ browser_id: other, events: [event('scroll')] }, other)).statusCode).toBe(
      202,
    );
  });
}

describe('the analytics collector', () => {
  collectorSuite(() => createTestApp({ EVENTS_RATE_LIMIT_MAX: '3' }));
});

// The batch goes in as one statement over a JSON parameter, which each driver sends its own
// way: the same behaviour is checked on a PostgreSQL server.
describeOnPostgres('the analytics collector on PostgreSQL', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(() => cluster.stop());
  collectorSuite(() => createTestApp({ EVENTS_RATE_LIMIT_MAX: '3', DATABASE_URL: cluster.url }));
});

describe('consent decisions and attribution', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A decision as the dialog sends it, from the browser whose `browser_id` cookie it names. */
  const decide = (
    decision: Record<string, unknown>,
    options: { cookie?: string | null; headers?: Record<string, string> } = {},
  ) => {
    const browserId = (decision.browser_id as string | undefined) ?? randomUUID();
    const cookie = options.cookie === undefined ? browserId : options.cookie;
    return t.app.inject({
      method: 'POST',
      url: '/api/consent/',
      headers: options.headers ?? {},
      cookies: cookie === null ? {} : { browser_id: cookie },
      payload: {
        browser_id: browserId,
        policy_version: '2026-11-01',
        action: 'save',
        analytics: true,
        marketing: false,
        ...decision,
      },
    });
  };
  type ErrorBody = { error: { code: string; issues?: { path: string }[] } };

  it('records each decision with its time, policy version, categories and a hash of the browser id', async () => {
    const browserId = randomUUID();
    const res = await decide({ browser_id: browserId });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(consentDecisions)
      .where(eq(consentDecisions.browserHash, browserHash(browserId)));
    expect(row).toMatchObject({
      policyVersion: '2026-11-01',
      action: 'save',
      analytics: true,
      marketing: false,
      gpc: false,
    });
    expect(Date.now() - (row?.decidedAt.getTime() ?? 0)).toBeLessThan(60_000);
    expect(JSON.stringify(row)).not.toContain(browserId);
  });

  it('records "accept all" under Sec-GPC: 1 as no sale or sharing', async () => {
    const res = await decide(
      { action: 'accept_all', analytics: true, marketing: true },
      { headers: { 'sec-gpc': '1' } },
    );
    expect(res.json()).toMatchObject({ analytics: true, marketing: false });
  });

  it('refuses a decision without a browser id with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/consent/',
      payload: { policy_version: '2026-11-01', action: 'save', analytics: true, marketing: true },
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    [
      '"accept all" with analytics off',
      { action: 'accept_all', analytics: false, marketing: true },
      'action',
    ],
    [
      '"reject all" with marketing on',
      { action: 'reject_all', analytics: false, marketing: true },
      'action',
    ],
    [
      'a policy version that is not the current one',
      { policy_version: '2024-01-01' },
      'policy_version',
    ],
  ])('records nothing of %s (400 on the field)', async (_label, decision, path) => {
    const browserId = randomUUID();
    const res = await decide({ ...decision, browser_id: browserId });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('validation_failed');
    expect(error.issues?.map((i) => i.path)).toContain(path);
    const rows = await t.database.db
      .select()
      .from(consentDecisions)
      .where(eq(consentDecisions.browserHash, browserHash(browserId)));
    expect(rows).toHaveLength(0);
  });

  it.each([
    ["another browser's id", randomUUID()],
    ['no browser id cookie at all', null],
  ])(
    "records nothing for a browser id that is not the request's own (%s)",
    async (_label, cookie) => {
      const browserId = randomUUID();
      const res = await decide({ browser_id: browserId }, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.issues?.map((i) => i.path)).toEqual(['browser_id']);
      const rows = await t.database.db
        .select()
        .from(consentDecisions)
        .where(eq(consentDecisions.browserHash, browserHash(browserId)));
      expect(rows).toHaveLength(0);
    },
  );

  it.each([
    ['no browser id cookie', null],
    ['the id of an earlier consent', randomUUID()],
  ])(
    'records a refusal under its one-off id (%s): no identifier stays behind it',
    async (_l, cookie) => {
      const oneOff = randomUUID();
      const refusal = {
        browser_id: oneOff,
        action: 'reject_all',
        analytics: false,
        marketing: false,
      };
      expect((await decide(refusal, { cookie })).statusCode).toBe(201);
      const rows = await t.database.db
        .select()
        .from(consentDecisions)
        .where(eq(consentDecisions.browserHash, browserHash(oneOff)));
      expect(rows).toHaveLength(1);
    },
  );

  const payWith = async (cookies: Record<string, string>, headers: Record<string, string> = {}) => {
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: {
          mainPlan: 'vpn-basic-1y',
          currency: 'EUR',
          country: 'DE',
          email: 'buyer@gmail.com',
        },
      })
    ).json<CartView>();
    const { token } = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        payload: { number: '4242424242424242', expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
      })
    ).json<{ token: string }>();
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': `attr-${randomUUID()}`, ...headers },
      cookies,
      payload: {
        cartId: cart.id,
        provider: 'adyen_card',
        returnPath: '/processing/',
        cardToken: token,
      },
    });
    expect(res.statusCode).toBe(201);
    const { orderId } = res.json<PaymentAction>();
    return t.database.db
      .select()
      .from(orderAttributions)
      .where(eq(orderAttributions.orderId, orderId));
  };
  const now = new Date('2026-11-20T08:00:00Z');
  const paid = attributionOfVisit(
    new URL('https://c.test/?gclid=abc&utm_campaign=bf'),
    '',
    now,
  ) as Attribution;
  const organic = attributionOfVisit(
    new URL('https://c.test/'),
    'https://www.bing.com/',
    now,
  ) as Attribution;

  it('stores the current and first session on the order when its payment starts', async () => {
    const [row] = await payWith({
      attribution_current: serializeAttribution(paid),
      attribution_first: serializeAttribution(organic),
    });
    expect(row?.current).toEqual(paid);
    expect(row?.first).toEqual(organic);
    expect(row?.current).toMatchObject({ source: 'google', medium: 'cpc', campaign: 'bf' });
  });

  it('keeps no e-mail or token of the landing query on the order, even from an older cookie', async () => {
    const leaky = { ...paid, query: 'gclid=abc&email=anna%40mail.test&qa=qa-token-1' };
    const [row] = await payWith({ attribution_current: serializeAttribution(leaky) });
    expect(row?.current).toMatchObject({ source: 'google', query: 'gclid=abc' });
    expect(JSON.stringify(row)).not.toMatch(/anna|qa-token/);
  });

  it('stores no attribution when the visitor refused marketing or sends GPC', async () => {
    const cookies = { attribution_current: serializeAttribution(paid) };
    expect(await payWith({ ...cookies, consent: 'necessary+analytics' })).toHaveLength(0);
    expect(await payWith(cookies, { 'sec-gpc': '1' })).toHaveLength(0);
  });
});
