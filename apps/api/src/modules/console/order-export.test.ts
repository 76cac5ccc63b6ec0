import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { staffBrowser } from '../../test-support/staff';

const codeOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

describe('the orders export', () => {
  let t: TestApp;
  let finance: TestBrowser;
  const paid: string[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    finance = await staffBrowser(() => t.app, t.database.db, 'finance');
    const shopper = testBrowser(() => t.app);
    for (const [i, country] of ['DE', 'FR'].entries()) {
      const res = await buyByCard(shopper, {
        cart: { email: `export.${i}@gmail.com`, mainPlan: 'vpn-basic-1y', country },
        key: `order-export-${i}-abcdef`,
      });
      paid.push(res.json<PaymentAction>().orderId);
    }
  }, 60_000);
  afterAll(() => t.close());

  it('gives finance the search’s orders as CSV, addresses masked, and audits the export', async () => {
    const res = await finance.inject({
      method: 'GET',
      url: '/api/console/orders/export/?country=FR',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // No value here holds a comma or a quote: the lines split as they are.
    const [header = [], ...lines] = res.body
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const rows = lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
    expect(rows.map((r) => [r.id, r.status, r.country, r.emailMasked])).toEqual([
      [paid[1], 'paid', 'FR', 'e***@gmail.com'],
    ]);
    expect(Number(rows[0]?.totalMinor)).toBeGreaterThan(0);
    expect(res.body).not.toContain('export.1@gmail.com');
    const audit = await finance.inject({
      method: 'GET',
      url: '/api/console/audit/?subject=orders',
    });
    expect(audit.json<{ entries: { action: string; after: unknown }[] }>().entries).toEqual([
      expect.objectContaining({
        action: 'orders.export',
        after: { filters: { country: 'FR' }, rows: 1 },
      }),
    ]);
  });

  it('refuses a role without exports (403), bad filters (400) and a stranger (401), writing nothing', async () => {
    const support = await staffBrowser(() => t.app, t.database.db, 'support');
    const refused = await support.inject({ method: 'GET', url: '/api/console/orders/export/' });
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, 'forbidden']);
    const backwards = await finance.inject({
      method: 'GET',
      url: '/api/console/orders/export/?from=2026-05-02&to=2026-05-01',
    });
    expect([backwards.statusCode, codeOf(backwards)]).toEqual([400, 'validation_failed']);
    const paging = await finance.inject({
      method: 'GET',
      url: '/api/console/orders/export/?limit=5',
    });
    expect(paging.statusCode).toBe(400);
    const stranger = await testBrowser(() => t.app).inject({
      method: 'GET',
      url: '/api/console/orders/export/',
    });
    expect(stranger.statusCode).toBe(401);
    const audit = await finance.inject({
      method: 'GET',
      url: '/api/console/audit/?subject=orders',
    });
    expect(audit.json<{ entries: unknown[] }>().entries).toHaveLength(1);
  });
});
