import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { carts, couponRedemptions } from './tables';

interface ErrorBody {
  error: {
    code: string | number;
    message: string;
    reason?: string;
    issues?: { path: string; message: string }[];
  };
}

describe('carts', () => {
  let t: TestApp;
  /** One shopper's browser: carts, orders and payments answer only the browser that owns them. */
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) =>
    shopper.inject({ method: 'POST', url: '/api/carts/', payload: body });
  const patch = (id: string, body: Record<string, unknown>) =>
    shopper.inject({ method: 'PATCH', url: `/api/carts/${id}/`, payload: body });
  const base = { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'US' };

  it('creates a cart with the main plan, default region and exclusive US tax', async () => {
    const res = await create({ ...base, region: 'US-WA' });
    expect(res.statusCode).toBe(201);
    const cart = res.json<CartView>();
    expect(cart).toMatchObject({
      status: 'open',
      region: 'US-WA',
      subtotalMinor: 5988,
      // Measured against the $99.99 the plan renews at (issue 27.11).
      regularMinor: 9999,
      discountMinor: 4011,
    });
    expect(cart.tax).toMatchObject({ inclusive: false, taxMinor: 389 });
    expect(cart.totalMinor).toBe(6377);
    const defaulted = (await create(base)).json<CartView>();
    expect(defaulted.region).toBe('US-CA');
    expect(defaulted.tax.taxMinor).toBe(0);
  });

  it('reads a cart back by id and survives a second read unchanged', async () => {
    const created = (await create(base)).json<CartView>();
    const read = await shopper.inject({ method: 'GET', url: `/api/carts/${created.id}/` });
    expect(read.json()).toEqual(created);
  });

  it('adds and removes the cross-sell plan offered next to the main plan', async () => {
    const cart = (await create(base)).json<CartView>();
    const added = (
      await patch(cart.id, { crossSellPlan: 'pass-individual-1y-xs' })
    ).json<CartView>();
    expect(added.lines.map((l) => [l.kind, l.plan])).toEqual([
      ['main', 'vpn-basic-1y'],
      ['cross_sell', 'pass-individual-1y-xs'],
    ]);
    expect(added.subtotalMinor).toBeGreaterThan(cart.subtotalMinor);
    const removed = (await patch(cart.id, { crossSellPlan: null })).json<CartView>();
    expect(removed.lines).toHaveLength(1);
    const foreign = await patch(cart.id, { crossSellPlan: 'vpn-basic-1y-xs' });
    expect(foreign.statusCode).toBe(400);
  });

  it('includes VAT in German prices and itemizes Quebec taxes on top', async () => {
    const de = (
      await create({ mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE' })
    ).json<CartView>();
    expect(de.tax).toMatchObject({ inclusive: true, taxMinor: 879 });
    expect(de.totalMinor).toBe(de.subtotalMinor);
    const qc = (
      await create({ mainPlan: 'vpn-basic-1y', currency: 'CAD', country: 'CA', region: 'CA-QC' })
    ).json<CartView>();
    expect(qc.tax.lines.map((l) => l.name)).toEqual(['gst', 'qst']);
    expect(qc.totalMinor).toBe(qc.subtotalMinor + qc.tax.taxMinor);
  });

  it.each([
    ['', 2009],
    ['not-an-email', 2009],
    ['anna@mailinator.com', 2029],
    ['anna@example.com', 2029],
  ])('refuses the e-mail %j with code %i', async (email, code) => {
    const res = await create({ ...base, email });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe(code);
  });

  it('stores the e-mail normalized', async () => {
    const cart = (await create({ ...base, email: '  Anna.Smith@Gmail.COM ' })).json<CartView>();
    expect(cart.email).toBe('anna.smith@gmail.com');
  });

  it.each([
    ['an unknown coupon', 'NOPE', 'vpn-basic-1y', 'invalid'],
    ['an expired coupon', 'SUMMER25', 'vpn-basic-1y', 'expired'],
    ['a coupon for other plans', 'WELCOME20', 'vpn-basic-1m', 'not_redeemable'],
  ])('refuses %s with 2012 (%s)', async (_label, coupon, mainPlan, reason) => {
    const res = await create({ ...base, mainPlan, coupon });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.error.code).toBe(2012);
    // The reason is a field of its own, which the coupon field's message is chosen by.
    expect(body.error.reason).toBe(reason);
  });

  it('applies a valid coupon and removes it', async () => {
    const cart = (await create({ ...base, coupon: 'welcome20' })).json<CartView>();
    expect(cart.coupon).toBe('WELCOME20');
    expect(cart.subtotalMinor).toBe(4789);
    // The sale's discount and the coupon's are told apart: $99.99 − $40.11 − $11.99.
    expect(cart.lines[0]).toMatchObject({ beforeDiscountMinor: 9999, couponMinor: 1199 });
    expect(cart.discountMinor).toBe(5210);
    const removed = (await patch(cart.id, { coupon: null })).json<CartView>();
    expect(removed.subtotalMinor).toBe(5988);
  });

  it('refuses a once-per-e-mail coupon the address already used, without saying so', async () => {
    await t.database.db
      .insert(couponRedemptions)
      .values({ couponCode: 'WELCOME20', mailbox: 'used@gmail.com', redeemedAt: new Date() });
    const res = await create({ ...base, coupon: 'WELCOME20', email: 'used@gmail.com' });
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 2012, reason: 'invalid' });
  });

  it('validates US ZIP codes and Canadian postal codes', async () => {
    expect((await create({ ...base, postalCode: '98101' })).statusCode).toBe(201);
    const bad = await create({ ...base, postalCode: 'ABCDE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().error.issues?.[0]?.path).toBe('postalCode');
    const ca = { ...base, currency: 'CAD', country: 'CA', region: 'CA-ON' };
    expect((await create({ ...ca, postalCode: 'M5V 2T6' })).statusCode).toBe(201);
    expect((await create({ ...ca, postalCode: '98101' })).statusCode).toBe(400);
  });

  it.each([
    ['an unknown country (no tax at all)', { ...base, country: 'ZZ' }, 'country'],
    ['a region of another country', { ...base, country: 'CA', region: 'US-NY' }, 'region'],
    ['a region its country does not have', { ...base, region: 'US-ZZ' }, 'region'],
    [
      'a region for a country without regions',
      { ...base, country: 'DE', region: 'US-CA' },
      'region',
    ],
  ])('refuses %s with a 400 on the field', async (_label, body, path) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('validation_failed');
    expect(error.issues?.map((i) => i.path)).toContain(path);
  });

  it("takes the new country's default region when a change names the country only", async () => {
    const cart = (await create({ ...base, region: 'US-WA' })).json<CartView>();
    const moved = await patch(cart.id, { country: 'CA' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<CartView>().region).toBe('CA-AB');
    expect((await patch(cart.id, { region: 'US-NY' })).statusCode).toBe(400);
  });

  it('answers 2015 once a payment has started', async () => {
    const cart = (await create(base)).json<CartView>();
    await t.database.db
      .update(carts)
      .set({ status: 'payment_started' })
      .where(eq(carts.id, cart.id));
    const res = await patch(cart.id, { mainPlan: 'vpn-plus-1y' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.code).toBe(2015);
  });

  it.each([
    ['an unknown plan', { ...base, mainPlan: 'vpn-mega-1y' }, 'validation_failed'],
    ['a renewal-only plan', { ...base, mainPlan: 'vpn-basic-1y-renewal' }, 'validation_failed'],
    ['an unsold currency', { ...base, currency: 'RUB' }, 'validation_failed'],
    ['an unknown field', { ...base, price: 1 }, 'validation_failed'],
    ['a bad country', { ...base, country: 'USA' }, 'validation_failed'],
  ])('refuses %s with a 400 and a code', async (_label, body, code) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe(code);
  });

  it('answers 404 for an unknown or malformed cart id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await shopper.inject({ method: 'GET', url: `/api/carts/${id}/` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('taxes endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('quotes tax for an amount, with the table effective date', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/taxes/?country=ca&region=CA-ON&currency=CAD&amount=8388',
    });
    expect(res.json()).toMatchObject({
      region: 'CA-ON',
      inclusive: false,
      taxMinor: 1090,
      totalMinor: 9478,
      effectiveDate: '2026-01-01',
    });
  });

  it.each([
    ['an unknown country', 'country=ZZ&currency=USD&amount=1000', 'country'],
    ['a region of another country', 'country=CA&region=US-NY&currency=CAD&amount=1000', 'region'],
  ])('refuses %s with a 400 on the field', async (_label, query, path) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/taxes/?${query}` });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('validation_failed');
    expect(error.issues?.map((i) => i.path)).toContain(path);
  });

  it('refuses a bad amount with a code, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/payments/taxes/?country=US&currency=USD&amount=-5',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('validation_failed');
  });
});
