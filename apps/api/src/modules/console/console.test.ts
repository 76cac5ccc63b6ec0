import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ConsoleOrderDetail, StaffRole } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { mailOutbox } from '../billing/tables';
import { orderEvents, orders } from '../orders/tables';
import { payments } from '../payments/tables';
import { sandboxLedger } from '../sandbox-gateway/tables';
import { buyByCard } from '../../test-support/purchase';
import { enrolStaff, nextCode, staffBrowser } from '../../test-support/staff';
import { auditLog, staffSessions } from './tables';

const ORIGIN = 'http://localhost:3000';
const codeOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

describe('the operators console api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const staff = (role: StaffRole) => staffBrowser(() => t.app, t.database.db, role);

  /** A shopper pays `email`'s order by card (a real sandbox payment): its id. */
  async function paidOrder(email: string): Promise<string> {
    const paid = await buyByCard(
      testBrowser(() => t.app),
      { cart: { email } },
    );
    return paid.json<{ orderId: string }>().orderId;
  }

  const refund = (browser: TestBrowser, orderId: string, body: object, headers = {}) =>
    browser.inject({
      method: 'POST',
      url: `/api/console/orders/${orderId}/refunds/`,
      headers: { origin: ORIGIN, ...headers },
      payload: body,
    });
  const statusOf = async (orderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;
  const gatewayRefunds = async (orderId: string) =>
    (
      await t.database.db
        .select({ amount: sandboxLedger.amountMinor })
        .from(sandboxLedger)
        .innerJoin(payments, eq(payments.id, sandboxLedger.paymentId))
        .where(eq(payments.orderId, orderId))
    ).map((row) => row.amount);
  const auditOf = async (orderId: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `order:${orderId}`))
        .orderBy(auditLog.id)
    ).map((row) => `${row.action} by ${row.staffEmail.split('.')[0]}`);

  it('refuses every console route without a staff session (401), whatever the body', async () => {
    const stranger = testBrowser(() => t.app);
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/console/session/'],
      ['GET', '/api/console/orders/?email=a@b.de'],
      ['GET', `/api/console/orders/${id}/`],
      ['POST', `/api/console/orders/${id}/refunds/`],
      ['POST', `/api/console/orders/${id}/receipt/`],
      ['POST', `/api/console/orders/${id}/cancel/`],
      ['POST', `/api/console/orders/${id}/reveal/`],
      ['GET', '/api/console/customers/?email=a@b.de'],
      ['POST', `/api/console/subscriptions/${id}/auto-renew/`],
      ['POST', `/api/console/subscriptions/${id}/cancel/`],
      ['POST', `/api/console/subscriptions/${id}/retry/`],
      ['GET', '/api/console/audit/'],
      ['POST', '/api/console/staff/'],
    ] as const) {
      const res = await stranger.inject({
        method,
        url,
        payload: method === 'POST' ? { bad: 1 } : undefined,
      });
      expect([url, res.statusCode, codeOf(res)]).toEqual([url, 401, 'unauthenticated']);
    }
  });

  it('lets each role do what its row of the matrix says, and answers 403 to the rest', async () => {
    const orderId = await paidOrder('matrix@gmail.com');
    const allowed = async (browser: TestBrowser) => {
      const calls = {
        read: await browser.inject({ method: 'GET', url: `/api/console/orders/${orderId}/` }),
        audit: await browser.inject({ method: 'GET', url: '/api/console/audit/' }),
        // Bad bodies: a role allowed through the guard gets 400, one refused gets 403.
        refund: await refund(browser, orderId, { amountMinor: -1, requestId: 'x' }),
        staff: await browser.inject({
          method: 'POST',
          url: '/api/console/staff/',
          headers: { origin: ORIGIN },
          payload: { email: 'x', role: 'boss' },
        }),
      };
      return Object.fromEntries(Object.entries(calls).map(([k, res]) => [k, res.statusCode]));
    };
    expect(await allowed(await staff('support'))).toEqual({
      read: 200,
      audit: 200,
      refund: 400,
      staff: 403,
    });
    expect(await allowed(await staff('finance'))).toEqual({
      read: 200,
      audit: 200,
      refund: 400,
      staff: 403,
    });
    expect(await allowed(await staff('analyst'))).toEqual({
      read: 200,
      audit: 200,
      refund: 403,
      staff: 403,
    });
    expect(await allowed(await staff('marketing'))).toEqual({
      read: 403,
      audit: 200,
      refund: 403,
      staff: 403,
    });
    expect(await allowed(await staff('admin'))).toEqual({
      read: 200,
      audit: 200,
      refund: 400,
      staff: 400,
    });
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('answers bad input with 400 and its code', async () => {
    const support = await staff('support');
    const bad = await support.inject({
      method: 'GET',
      url: '/api/console/orders/?from=2026-02-01&to=2026-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('validation_failed');
    const notUuid = await support.inject({ method: 'GET', url: '/api/console/orders/42/' });
    expect(notUuid.statusCode).toBe(400);
  });

  it('logs in only with the right password and the current code of the second factor', async () => {
    const { browser, email, password, secret, code, token } = await enrolStaff(
      () => t.app,
      t.database.db,
      'two.factors@staff.example.com',
      'support',
    );
    const login = (body: object) =>
      browser.inject({ method: 'POST', url: '/api/console/session/', payload: body });
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await login({ email, password, code: wrongCode })).statusCode).toBe(401);
    expect((await login({ email, password: 'wrong password', code })).statusCode).toBe(401);
    expect((await login({ email, password, code: '12' })).statusCode).toBe(400);
    expect(browser.cookies.has('console_session')).toBe(false);
    expect((await login({ email, password, code: await nextCode(secret) })).statusCode).toBe(200);
    expect(
      (await browser.inject({ method: 'GET', url: '/api/console/session/' })).json(),
    ).toMatchObject({ email, role: 'support' });
    // The link works once.
    const again = await browser.inject({
      method: 'GET',
      url: `/api/console/enrolment/?token=${token}`,
    });
    expect(again.statusCode).toBe(410);
  });

  it('refuses a code already used, within its 30-second window, and takes the next one', async () => {
    const { browser, email, password, secret, code } = await enrolStaff(
      () => t.app,
      t.database.db,
      'replay@staff.example.com',
      'support',
    );
    const login = (body: object) =>
      browser.inject({ method: 'POST', url: '/api/console/session/', payload: body });
    // The enrolment's code is spent: it does not log in.
    expect((await login({ email, password, code })).statusCode).toBe(401);
    const next = await nextCode(secret);
    expect((await login({ email, password, code: next })).statusCode).toBe(200);
    // Seen once: an eavesdropper replaying it is refused.
    const replay = await login({ email, password, code: next });
    expect(replay.statusCode).toBe(401);
    expect(codeOf(replay)).toBe('login_failed');
  });

  it('ends a session unused for the idle time', async () => {
    const support = await staff('support');
    expect((await support.inject({ method: 'GET', url: '/api/console/session/' })).statusCode).toBe(
      200,
    );
    await t.database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` });
    expect((await support.inject({ method: 'GET', url: '/api/console/session/' })).statusCode).toBe(
      401,
    );
  });

  it('refuses a cross-site refund with 403 and refunds nothing', async () => {
    const orderId = await paidOrder('cross.site@gmail.com');
    const finance = await staff('finance');
    const forged = await refund(
      finance,
      orderId,
      { requestId: randomUUID() },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
    expect(codeOf(forged)).toBe('cross_site_request');
    expect(await statusOf(orderId)).toBe('paid');
    expect(await gatewayRefunds(orderId)).toEqual([]);
  });

  it('finds an order by e-mail with the address masked, and reveals it only with an audit entry', async () => {
    const orderId = await paidOrder('findable.shopper@gmail.com');
    const support = await staff('support');
    const found = await support.inject({
      method: 'GET',
      url: '/api/console/orders/?email=Findable.Shopper@gmail.com',
    });
    expect(found.json<{ orders: unknown[] }>().orders).toEqual([
      expect.objectContaining({
        id: orderId,
        emailMasked: 'f***@gmail.com',
        status: 'paid',
        provider: 'adyen_card',
      }),
    ]);
    expect(found.body).not.toContain('findable.shopper');
    const reveal = await support.inject({
      method: 'POST',
      url: `/api/console/orders/${orderId}/reveal/`,
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(reveal.json()).toEqual({ email: 'findable.shopper@gmail.com' });
    expect(await auditOf(orderId)).toEqual(['customer.reveal_email by support']);
    const analyst = await staff('analyst');
    const refused = await analyst.inject({
      method: 'POST',
      url: `/api/console/orders/${orderId}/reveal/`,
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refunds a whole order for support: refunded at the provider, credit note queued, audited', async () => {
    const orderId = await paidOrder('whole.refund@gmail.com');
    const support = await staff('support');
    const res = await refund(support, orderId, { requestId: randomUUID() });
    expect(res.statusCode).toBe(200);
    expect(res.json<ConsoleOrderDetail>()).toMatchObject({ status: 'refunded' });
    expect(await gatewayRefunds(orderId)).toEqual([res.json<ConsoleOrderDetail>().totalMinor]);
    await expect
      // Billing's job issues them about a second after each move; longer on a busy machine.
      .poll(
        async () =>
          (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)))
            .map((m) => m.kind)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(['credit_note', 'receipt']);
    expect(await auditOf(orderId)).toEqual(['order.refund by support']);
    // Support may not refund a part.
    const part = await refund(support, await paidOrder('part.support@gmail.com'), {
      amountMinor: 100,
      requestId: randomUUID(),
    });
    expect(part.statusCode).toBe(403);
  });

  it('refunds parts for finance, refuses more than is left and a repeat, then refunds the rest', async () => {
    const orderId = await paidOrder('partial.refund@gmail.com');
    const finance = await staff('finance');
    const first = randomUUID();
    const part = await refund(finance, orderId, { amountMinor: 1000, requestId: first });
    expect(part.statusCode).toBe(200);
    const detail = part.json<ConsoleOrderDetail>();
    expect(detail).toMatchObject({ status: 'paid', refundedMinor: 1000 });
    expect(detail.timeline.filter((e) => e.kind === 'refund')).toHaveLength(1);

    const repeat = await refund(finance, orderId, { amountMinor: 1000, requestId: first });
    expect(repeat.statusCode).toBe(409);
    expect(codeOf(repeat)).toBe('refund_repeated');
    const tooMuch = await refund(finance, orderId, {
      amountMinor: detail.totalMinor,
      requestId: randomUUID(),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(codeOf(tooMuch)).toBe('refund_exceeds_remaining');
    expect(await gatewayRefunds(orderId)).toEqual([1000]);
    expect(await auditOf(orderId)).toEqual(['order.refund_part by finance']);

    const rest = await refund(finance, orderId, { requestId: randomUUID() });
    expect(rest.json<ConsoleOrderDetail>()).toMatchObject({
      status: 'refunded',
      refundedMinor: detail.totalMinor,
    });
    expect((await gatewayRefunds(orderId)).sort((a, b) => a - b)).toEqual(
      [1000, detail.totalMinor - 1000].sort((a, b) => a - b),
    );
    expect(await auditOf(orderId)).toEqual([
      'order.refund_part by finance',
      'order.refund by finance',
    ]);
  });

  it('leaves refunds after the money-back window to finance', async () => {
    const orderId = await paidOrder('late.refund@gmail.com');
    await t.database.db
      .update(orderEvents)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(orderEvents.orderId, orderId));
    const late = await refund(await staff('support'), orderId, { requestId: randomUUID() });
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('refund_window_closed');
    expect(await statusOf(orderId)).toBe('paid');
    const finance = await refund(await staff('finance'), orderId, { requestId: randomUUID() });
    expect(finance.json<ConsoleOrderDetail>()).toMatchObject({ status: 'refunded' });
  });

  it('lets an analyst refund nothing, even when the call is forced', async () => {
    const orderId = await paidOrder('analyst.tries@gmail.com');
    const analyst = await staff('analyst');
    const res = await refund(analyst, orderId, { requestId: randomUUID() });
    expect(res.statusCode).toBe(403);
    expect(codeOf(res)).toBe('forbidden');
    expect(await statusOf(orderId)).toBe('paid');
    expect(await gatewayRefunds(orderId)).toEqual([]);
    expect(await auditOf(orderId)).toEqual([]);
  });

  it('resends the receipt and records it', async () => {
    // Right after the payment: billing's job may not have issued the receipt yet.
    const orderId = await paidOrder('resend.me@gmail.com');
    const support = await staff('support');
    const res = await support.inject({
      method: 'POST',
      url: `/api/console/orders/${orderId}/receipt/`,
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(await auditOf(orderId)).toEqual(['order.resend_receipt by support']);
  });

  it("shows an account's orders and subscriptions, and lets support turn auto-renew off and cancel", async () => {
    const orderId = await paidOrder('customer.view@gmail.com');
    const support = await staff('support');
    const view = await support.inject({
      method: 'GET',
      url: '/api/console/customers/?email=customer.view@gmail.com',
    });
    const customer = view.json<{
      emailMasked: string;
      orders: { id: string }[];
      subscriptions: { id: string; status: string; autoRenew: boolean }[];
    }>();
    expect(customer.emailMasked).toBe('c***@gmail.com');
    expect(customer.orders.map((o) => o.id)).toEqual([orderId]);
    const [subscription] = customer.subscriptions;
    expect(subscription).toMatchObject({ status: 'active', autoRenew: true });
    const post = (browser: TestBrowser, path: string, payload: object) =>
      browser.inject({
        method: 'POST',
        url: `/api/console/subscriptions/${subscription!.id}/${path}/`,
        headers: { origin: ORIGIN },
        payload,
      });
    // An analyst reads but changes nothing; bad input is a 400.
    expect(
      (await post(await staff('analyst'), 'auto-renew', { autoRenew: false })).statusCode,
    ).toBe(403);
    expect((await post(support, 'auto-renew', { autoRenew: 'no' })).statusCode).toBe(400);
    expect((await post(support, 'auto-renew', { autoRenew: false })).json()).toEqual({
      id: subscription!.id,
      autoRenew: false,
    });
    // Already off: nothing changes, nothing is recorded.
    expect((await post(support, 'auto-renew', { autoRenew: false })).statusCode).toBe(409);
    // Not due: a retry charges nothing.
    expect((await post(support, 'retry', {})).json()).toEqual({
      id: subscription!.id,
      paid: false,
    });
    expect((await post(support, 'cancel', {})).statusCode).toBe(200);
    const after = await support.inject({
      method: 'GET',
      url: '/api/console/customers/?email=customer.view@gmail.com',
    });
    expect(after.json<typeof customer>().subscriptions[0]).toMatchObject({ status: 'canceled' });
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `subscription:${subscription!.id}`))
        .orderBy(auditLog.id)
    ).map((row) => row.action);
    expect(actions).toEqual([
      'subscription.auto_renew_off',
      'subscription.retry_renewal',
      'subscription.cancel',
    ]);
  });

  it('keeps the audit log append-only in the database itself', async () => {
    const orderId = await paidOrder('append.only@gmail.com');
    const support = await staff('support');
    await support.inject({
      method: 'POST',
      url: `/api/console/orders/${orderId}/reveal/`,
      headers: { origin: ORIGIN },
      payload: {},
    });
    await expect(
      t.database.db
        .update(auditLog)
        .set({ staffEmail: 'someone.else' })
        .where(eq(auditLog.subject, `order:${orderId}`)),
    ).rejects.toThrow();
    await expect(
      t.database.db.delete(auditLog).where(eq(auditLog.subject, `order:${orderId}`)),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await auditOf(orderId)).toEqual(['customer.reveal_email by support']);
  });
});
