import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ConsoleOrderDetail } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { staffBrowser } from '../../test-support/staff';
import { sandboxMail } from '../../mail/tables';
import { planFactsFrom } from '../billing/issue';
import { sweepBilling } from '../billing/sweep';
import { invoices } from '../billing/tables';

const EMAIL = 'three.refunds@gmail.com';

describe('credit notes of refunds made in the console', () => {
  let t: TestApp;
  /** The next refund of a part dies after its provider accepted it, before its credit note. */
  let crashNext = false;
  /** Arms the crash; the api logs it as an unhandled error, which the test expects. */
  const crashOnNextPart = () => {
    crashNext = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  };
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        faults: {
          afterRefundAccepted: () => {
            if (!crashNext) return;
            crashNext = false;
            throw new Error('injected crash between the refund and its credit note');
          },
        },
      },
    );
  }, 60_000);
  afterAll(() => t.close());

  async function paidOrder(email = EMAIL): Promise<string> {
    const paid = await buyByCard(
      testBrowser(() => t.app),
      { cart: { email } },
    );
    return paid.json<{ orderId: string }>().orderId;
  }

  const notesOf = async (orderId: string) =>
    (
      await t.database.db
        .select({ document: invoices.document })
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
        .orderBy(asc(invoices.number))
    ).map(({ document }) => ({ total: document.totalMinor, credits: document.creditsNumber }));

  const refundAs = async (role: 'finance', orderId: string) => {
    const staff = await staffBrowser(() => t.app, t.database.db, role);
    return (amountMinor?: number) =>
      staff.inject({
        method: 'POST',
        url: `/api/console/orders/${orderId}/refunds/`,
        headers: { origin: 'http://localhost:3000' },
        payload: { requestId: randomUUID(), ...(amountMinor ? { amountMinor } : {}) },
      });
  };

  /** Billing's sweep, as the api runs it each minute, on two nodes at once. */
  const sweepTwice = () => {
    const outbox = { db: t.database.db, mailer: { send: () => Promise.resolve() } };
    const sweep = () =>
      sweepBilling(
        { ...outbox, publicOrigin: 'http://localhost:3000', log: t.app.log },
        planFactsFrom(t.catalog),
      );
    return Promise.all([sweep(), sweep()]);
  };

  it('issues the credit note of a part refunded before the api died, once, at the next sweep', async () => {
    const orderId = await paidOrder('crashed.part@gmail.com');
    const refund = await refundAs('finance', orderId);
    crashOnNextPart();
    expect((await refund(700)).statusCode).toBe(500);
    vi.restoreAllMocks();
    expect(await notesOf(orderId)).toEqual([]);
    await sweepTwice();
    await sweepTwice();
    expect((await notesOf(orderId)).map((n) => n.total)).toEqual([700]);
  });

  it('credits only what the parts left when a part’s note is still missing as the rest is refunded', async () => {
    const orderId = await paidOrder('crashed.before.rest@gmail.com');
    const refund = await refundAs('finance', orderId);
    crashOnNextPart();
    await refund(700);
    vi.restoreAllMocks();
    const rest = (await refund()).json<ConsoleOrderDetail>();
    expect(rest.status).toBe('refunded');
    await sweepTwice();
    const totals = (await notesOf(orderId)).map((n) => n.total);
    expect(totals.sort((a, b) => a - b)).toEqual([700, rest.totalMinor - 700]);
  });

  it('issues and mails one credit note per refund, part or rest, each for its own amount', async () => {
    const orderId = await paidOrder();
    const finance = await staffBrowser(() => t.app, t.database.db, 'finance');
    const refund = (amountMinor?: number) =>
      finance.inject({
        method: 'POST',
        url: `/api/console/orders/${orderId}/refunds/`,
        headers: { origin: 'http://localhost:3000' },
        payload: { requestId: randomUUID(), ...(amountMinor ? { amountMinor } : {}) },
      });
    const first = await refund(1000);
    const { totalMinor } = first.json<ConsoleOrderDetail>();
    await refund(250);
    expect((await refund()).json<ConsoleOrderDetail>().status).toBe('refunded');
    const [invoice] = await t.database.db
      .select({ number: invoices.numberText })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
    await expect.poll(() => notesOf(orderId), { timeout: 10_000 }).toHaveLength(3);
    expect(await notesOf(orderId)).toEqual([
      { total: 1000, credits: invoice?.number },
      { total: 250, credits: invoice?.number },
      { total: totalMinor - 1250, credits: invoice?.number },
    ]);
    const creditMails = async () =>
      (await t.database.db.select().from(sandboxMail).where(eq(sandboxMail.to, EMAIL)))
        .filter((mail) => mail.subject.startsWith('Your refund'))
        .map((mail) => /€\s?[\d.,]+|[\d.,]+\s?€/.exec(mail.body)?.[0]);
    await expect.poll(creditMails, { timeout: 10_000 }).toHaveLength(3);
    expect((await creditMails()).sort()).toEqual(
      ['€10.00', '€2.50', `€${((totalMinor - 1250) / 100).toFixed(2)}`].sort(),
    );
  });
});
