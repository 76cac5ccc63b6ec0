import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ConsoleOrderDetail } from '@checkout/core/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { buyByCard } from '../../test-support/purchase';
import { staffBrowser } from '../../test-support/staff';
import { sandboxMail } from '../../mail/tables';
import { invoices } from '../billing/tables';

const EMAIL = 'three.refunds@gmail.com';

describe('credit notes of refunds made in the console', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  async function paidOrder(): Promise<string> {
    const paid = await buyByCard(
      testBrowser(() => t.app),
      { cart: { email: EMAIL } },
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
