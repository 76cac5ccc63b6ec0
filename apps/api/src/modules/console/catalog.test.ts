import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { CartView } from '@checkout/core';
import type { ConsoleCatalog, ConsoleCatalogVersion, PackageView } from '@checkout/core/contract';
import { buildApp } from '../../app';
import { loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { staffBrowser } from '../../test-support/staff';
import { openCatalog } from '../catalog/catalog';
import { buildSnapshot } from '../catalog/snapshot';
import { readCatalogRows } from '../catalog/store';
import { catalogVersions, coupons } from '../catalog/tables';
import { couponRedemptions } from '../carts/tables';
import { auditLog } from './tables';

const ORIGIN = 'http://localhost:3000';
const QUERY = `query P($packageId: String!, $currencyCode: String!, $coupon: String,
  $knowledgeBaseVersion: String) {
  getPackagePlans(packageId: $packageId, currencyCode: $currencyCode, coupon: $coupon,
    knowledgeBaseVersion: $knowledgeBaseVersion) {
    catalogVersion plans { identifier price { totalInMinorUnits } coupon { code } }
  }
}`;
type Error = { error: { code: string; issues?: { path: string }[] } };
const soon = () => new Date(Date.now() - 1000).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the console catalog and coupons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staff = (role: 'marketing' | 'admin' | 'analyst') =>
    staffBrowser(() => t.app, t.database.db, role);
  const post = (browser: TestBrowser, url: string, payload: object) =>
    browser.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
  const plans = async (variables: Record<string, unknown>, app = t.app) => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: QUERY, variables: { packageId: 'vpn-default', ...variables } },
    });
    return res.json<{ data: { getPackagePlans: PackageView } }>().data.getPackagePlans;
  };
  const priceOf = (view: PackageView, plan: string) =>
    view.plans.find((p) => p.identifier === plan)?.price.totalInMinorUnits;
  const versionRows = async () =>
    (await t.database.db.select({ n: count() }).from(catalogVersions))[0]?.n;
  const auditOf = async (subject: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.subject, subject));
  const coupon = (code: string, extra: object = {}) => ({
    code,
    percentOff: 30,
    plans: ['vpn-basic-1y'],
    validFrom: soon(),
    validUntil: inDays(30),
    ...extra,
  });
  const priceDraft = (amount: string, extra: object = {}) => ({
    changes: [
      {
        kind: 'price',
        plan: 'vpn-complete-2y',
        currency: 'USD',
        amount,
        effectiveFrom: soon(),
        ...extra,
      },
    ],
  });

  it('serves the shipped catalog as version 1', async () => {
    expect((await plans({ currencyCode: 'USD' })).catalogVersion).toBe('1');
  });

  it('refuses every catalog route without a staff session (401) and writes nothing', async () => {
    const stranger = testBrowser(() => t.app);
    const before = await versionRows();
    for (const [method, url, payload] of [
      ['GET', '/api/console/catalog/', undefined],
      ['POST', '/api/console/catalog/drafts/', priceDraft('1.00')],
      ['POST', '/api/console/catalog/drafts/1/publish/', {}],
      ['POST', '/api/console/coupons/', coupon('NOBODY10')],
      ['POST', '/api/console/coupons/WELCOME20/', { disabled: true }],
    ] as const) {
      const res = await stranger.inject({ method, url, headers: { origin: ORIGIN }, payload });
      expect([url, res.statusCode, res.json<Error>().error.code]).toEqual([
        url,
        401,
        'unauthenticated',
      ]);
    }
    expect(await versionRows()).toBe(before);
  });

  it('lets marketing create coupons and propose prices, only an admin publish, an analyst read', async () => {
    const [marketing, analyst, admin] = await Promise.all([
      staff('marketing'),
      staff('analyst'),
      staff('admin'),
    ]);
    expect((await analyst.inject({ method: 'GET', url: '/api/console/catalog/' })).statusCode).toBe(
      200,
    );
    const refused = await post(analyst, '/api/console/coupons/', coupon('ANALYST10'));
    expect([refused.statusCode, refused.json<Error>().error.code]).toEqual([403, 'forbidden']);
    expect(
      (await post(analyst, '/api/console/catalog/drafts/', priceDraft('1.00'))).statusCode,
    ).toBe(403);
    const draft = await post(marketing, '/api/console/catalog/drafts/', priceDraft('49.99'));
    expect(draft.statusCode).toBe(200);
    const { id } = draft.json<ConsoleCatalogVersion>();
    const publish = `/api/console/catalog/drafts/${id}/publish/`;
    expect((await post(marketing, publish, {})).statusCode).toBe(403);
    expect((await post(analyst, publish, {})).statusCode).toBe(403);
    expect(priceOf(await plans({ currencyCode: 'USD' }), 'vpn-complete-2y')).not.toBe(4999);
    expect((await post(admin, publish, {})).statusCode).toBe(200);
    expect(priceOf(await plans({ currencyCode: 'USD' }), 'vpn-complete-2y')).toBe(4999);
    // Published twice is a conflict, not a second version.
    expect((await post(admin, publish, {})).statusCode).toBe(409);
  });

  it('refuses a cross-site coupon with 403 and creates nothing', async () => {
    const marketing = await staff('marketing');
    const res = await marketing.inject({
      method: 'POST',
      url: '/api/console/coupons/',
      headers: { origin: 'https://evil.example' },
      payload: coupon('FORGED50'),
    });
    expect([res.statusCode, res.json<Error>().error.code]).toEqual([403, 'cross_site_request']);
    expect(await t.database.db.select().from(coupons).where(eq(coupons.code, 'FORGED50'))).toEqual(
      [],
    );
  });

  it.each([
    ['EUR', '49.999'],
    ['JPY', '3750.5'],
    ['USD', '49,99'],
  ])(
    'refuses a %s price of %s (wrong precision) with a code, writing nothing',
    async (currency, amount) => {
      const marketing = await staff('marketing');
      const before = await versionRows();
      const res = await post(marketing, '/api/console/catalog/drafts/', {
        changes: [{ kind: 'price', plan: 'vpn-basic-1y', currency, amount, effectiveFrom: soon() }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<Error>().error).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'changes.0.amount' }],
      });
      expect(await versionRows()).toBe(before);
    },
  );

  it('lets marketing discard a draft, which is gone with its preview, audited; not a published version', async () => {
    const [marketing, analyst, admin] = await Promise.all([
      staff('marketing'),
      staff('analyst'),
      staff('admin'),
    ]);
    const proposed = { note: 'Too cheap', ...priceDraft('1.99') };
    const draft = (
      await post(marketing, '/api/console/catalog/drafts/', proposed)
    ).json<ConsoleCatalogVersion>();
    const discard = (id: number) => `/api/console/catalog/drafts/${id}/discard/`;
    const refused = await post(analyst, discard(draft.id), {});
    expect([refused.statusCode, refused.json<Error>().error.code]).toEqual([403, 'forbidden']);
    const stranger = await testBrowser(() => t.app).inject({
      method: 'POST',
      url: discard(draft.id),
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(stranger.statusCode).toBe(401);
    expect((await post(marketing, discard(draft.id), {})).statusCode).toBe(204);
    const listed = (
      await analyst.inject({ method: 'GET', url: '/api/console/catalog/' })
    ).json<ConsoleCatalog>();
    expect(listed.versions.map((v) => v.id)).not.toContain(draft.id);
    const preview = await analyst.inject({
      method: 'GET',
      url: `/api/console/catalog/preview/?token=${draft.previewToken ?? ''}&packageId=vpn-default&currency=USD`,
    });
    expect(preview.statusCode).toBe(404);
    const [entry] = await auditOf(`catalog:draft:${draft.id}`).then((rows) =>
      rows.filter((row) => row.action === 'catalog.discard'),
    );
    expect(entry?.before).toMatchObject(proposed);
    // Gone: discarded again is unknown; publishing it too.
    const again = await post(marketing, discard(draft.id), {});
    expect([again.statusCode, again.json<Error>().error.code]).toEqual([404, 'not_found']);
    expect(
      (await post(admin, `/api/console/catalog/drafts/${draft.id}/publish/`, {})).statusCode,
    ).toBe(404);
    // A published version is history: it is not discarded.
    const published = await post(admin, discard(1), {});
    expect([published.statusCode, published.json<Error>().error.code]).toEqual([409, 'conflict']);
  });

  it('refuses a coupon whose end is before its start, new or changed, writing nothing', async () => {
    const marketing = await staff('marketing');
    const backwards = coupon('BACKWARDS', { validFrom: inDays(10), validUntil: inDays(1) });
    const res = await post(marketing, '/api/console/coupons/', backwards);
    expect([res.statusCode, res.json<Error>().error.issues?.[0]?.path]).toEqual([
      400,
      'validUntil',
    ]);
    expect(await t.database.db.select().from(coupons).where(eq(coupons.code, 'BACKWARDS'))).toEqual(
      [],
    );
    const [welcome] = await t.database.db
      .select()
      .from(coupons)
      .where(eq(coupons.code, 'WELCOME20'));
    const moved = await post(marketing, '/api/console/coupons/WELCOME20/', {
      validUntil: '2020-01-01T00:00:00Z',
    });
    expect([moved.statusCode, moved.json<Error>().error.code]).toEqual([400, 'validation_failed']);
    const [after] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME20'));
    expect(after).toEqual(welcome);
  });

  it('a marketer creates a coupon that the checkout then accepts, limited and disabled later', async () => {
    const marketing = await staff('marketing');
    const created = await post(
      marketing,
      '/api/console/coupons/',
      coupon('SPRING30', { maxRedemptions: 1 }),
    );
    expect(created.statusCode).toBe(200);
    // 30 % off $59.88: the cart and the plans show $41.92.
    const shopper = testBrowser(() => t.app);
    const cart = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', coupon: 'SPRING30' },
    });
    expect(cart.statusCode).toBe(201);
    expect(cart.json<CartView>()).toMatchObject({ coupon: 'SPRING30', subtotalMinor: 4192 });
    const view = await plans({ currencyCode: 'USD', coupon: 'SPRING30' });
    expect(priceOf(view, 'vpn-basic-1y')).toBe(4192);
    const [entry] = await auditOf('coupon:SPRING30');
    expect(entry).toMatchObject({ action: 'coupon.create', before: null });
    expect(entry?.after).toMatchObject({ code: 'SPRING30', percentOff: 30, maxRedemptions: 1 });

    // Its one use taken, the coupon has ended; the console counts it.
    await t.database.db
      .insert(couponRedemptions)
      .values({ couponCode: 'SPRING30', mailbox: 'first@example.com', redeemedAt: new Date() });
    const again = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', coupon: 'SPRING30' },
    });
    expect(again.json<{ error: { code: number; reason: string } }>().error).toMatchObject({
      code: 2012,
      reason: 'expired',
    });
    const listed = (await marketing.inject({ method: 'GET', url: '/api/console/catalog/' }))
      .json<ConsoleCatalog>()
      .coupons.find((c) => c.code === 'SPRING30');
    expect(listed).toMatchObject({ redemptions: 1, maxRedemptions: 1, disabled: false });

    const disabled = await post(marketing, '/api/console/coupons/WELCOME20/', { disabled: true });
    expect(disabled.json()).toMatchObject({ code: 'WELCOME20', disabled: true });
    const refused = await shopper.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US', coupon: 'WELCOME20' },
    });
    expect(refused.json<Error>().error.code).toBe(2012);
    const [update] = await auditOf('coupon:WELCOME20');
    expect(update).toMatchObject({
      action: 'coupon.update',
      before: { disabled: false },
      after: { disabled: true },
    });
    await post(marketing, '/api/console/coupons/WELCOME20/', { disabled: false });
  });

  it('an admin publishes a new price: previewed first, then served by every node, audited', async () => {
    const [marketing, admin] = await Promise.all([staff('marketing'), staff('admin')]);
    // A second api node on the same database, which reads its catalog only when asked.
    const other = await openCatalog(t.database.db, 0);
    const node = await buildApp({
      env: loadEnv({ LOG_LEVEL: 'error', PGLITE_DIR: 'memory://', CARD_TESTING_DEFENCE: 'off' }),
      database: t.database,
      catalog: other,
      logStream: { write: (line: string) => console.error(line) },
    });
    try {
      const draft = (
        await post(marketing, '/api/console/catalog/drafts/', {
          note: 'Basic yearly up',
          changes: [
            {
              kind: 'price',
              plan: 'vpn-basic-1y',
              currency: 'USD',
              amount: '64.99',
              effectiveFrom: soon(),
            },
            {
              kind: 'add_plan',
              identifier: 'vpn-basic-3y',
              displayTitle: 'Basic, 3 years',
              template: 'vpn-basic-2y',
            },
            {
              kind: 'price',
              plan: 'vpn-basic-3y',
              currency: 'USD',
              amount: '99.00',
              effectiveFrom: soon(),
            },
            { kind: 'retire_plan', plan: 'vpn-plus-2y' },
          ],
        })
      ).json<ConsoleCatalogVersion>();
      const live = await plans({ currencyCode: 'USD' });
      expect(priceOf(live, 'vpn-basic-1y')).not.toBe(6499);

      // The preview: the checkout with the draft, through the web's header, never cached.
      const preview = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-catalog-preview': draft.previewToken ?? '' },
        payload: { query: QUERY, variables: { packageId: 'vpn-default', currencyCode: 'USD' } },
      });
      const previewed = preview.json<{ data: { getPackagePlans: PackageView } }>().data
        .getPackagePlans;
      expect(priceOf(previewed, 'vpn-basic-1y')).toBe(6499);
      expect(priceOf(previewed, 'vpn-basic-3y')).toBe(9900);
      expect(previewed.plans.map((p) => p.identifier)).not.toContain('vpn-plus-2y');

      const published = await post(admin, `/api/console/catalog/drafts/${draft.id}/publish/`, {});
      const { version } = published.json<ConsoleCatalogVersion>();
      const now = await plans({ currencyCode: 'USD' });
      expect(now.catalogVersion).toBe(String(version));
      expect(priceOf(now, 'vpn-basic-1y')).toBe(6499);
      expect(priceOf(now, 'vpn-basic-3y')).toBe(9900);
      expect(now.plans.map((p) => p.identifier)).not.toContain('vpn-plus-2y');
      // A stale node answers from its old catalog, until a checkout says it saw the new one.
      expect((await plans({ currencyCode: 'USD' }, node)).catalogVersion).not.toBe(String(version));
      const caughtUp = await plans(
        { currencyCode: 'USD', knowledgeBaseVersion: String(version) },
        node,
      );
      expect([caughtUp.catalogVersion, priceOf(caughtUp, 'vpn-basic-1y')]).toEqual([
        String(version),
        6499,
      ]);
      // The preview ends with the draft.
      const gone = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-catalog-preview': draft.previewToken ?? '' },
        payload: { query: QUERY, variables: { packageId: 'vpn-default', currencyCode: 'USD' } },
      });
      expect(gone.statusCode).toBe(404);

      const [entry] = await auditOf(`catalog:version:${version}`);
      expect(entry?.action).toBe('catalog.publish');
      expect(entry?.before).toEqual(
        expect.arrayContaining([{ plan: 'vpn-basic-1y', currency: 'USD', price: [5988, 9999] }]),
      );
      expect(entry?.after).toMatchObject({ draft: draft.id, note: 'Basic yearly up' });
    } finally {
      await node.close();
      other.close();
    }
  });

  it('keeps a price published for a later date until that date', async () => {
    const [marketing, admin] = await Promise.all([staff('marketing'), staff('admin')]);
    const draft = await post(marketing, '/api/console/catalog/drafts/', {
      changes: [
        {
          kind: 'price',
          plan: 'vpn-plus-1y',
          currency: 'EUR',
          amount: '1.00',
          effectiveFrom: inDays(7),
        },
      ],
    });
    const before = priceOf(await plans({ currencyCode: 'EUR' }), 'vpn-plus-1y');
    const { id } = draft.json<ConsoleCatalogVersion>();
    expect((await post(admin, `/api/console/catalog/drafts/${id}/publish/`, {})).statusCode).toBe(
      200,
    );
    expect(priceOf(await plans({ currencyCode: 'EUR' }), 'vpn-plus-1y')).toBe(before);
    // From its date, each node's next read serves it.
    const then = buildSnapshot(await readCatalogRows(t.database.db), new Date(inDays(8)));
    expect(then.plans.get('vpn-plus-1y')?.prices.get('EUR')?.[0]).toBe(100);
  });
});
