import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TOKEN_COOKIE } from '@checkout/core/contract';
import type { CartView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import type { MailMessage } from '../../mail/mailer';
import { queryRows } from '../../db/client';
import { orders } from '../orders/tables';
import { countStatements } from '../../test-support/statements';
import { createSession } from '../users/sessions';
import { printedTexts } from './invoice-pdf';
import { issueDocuments, planFactsFrom } from './issue';
import { resendReceipt } from './resend';
import { renderPool } from './render-pool';
import { sendDueMail } from './send-due';
import { issueMissingDocuments, sweepBilling } from './sweep';
import { invoices, mailOutbox } from './tables';

describe('receipts, invoices and credit notes', () => {
  let t: TestApp;
  const shopper = testBrowser(() => t.app);
  beforeAll(async () => {
    // Card payments answer at once; the sandbox's later notifications would outlive the suite.
    t = await createTestApp({ SANDBOX_ASYNC_SETTLE_MS: '50', SANDBOX_WEBHOOK_DROP_RATE: '1' });
  });
  afterAll(() => t.close());

  let keys = 0;
  /** Buys `payload`'s cart by card; answers the paid order's id. */
  const buy = async (payload: Record<string, unknown>) => {
    const cart = (
      await shopper.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', ...payload },
      })
    ).json<CartView>();
    const token = (
      await shopper.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        payload: { number: '4000056655665556', expiry: '12 / 30', cvc: '123', name: 'A B' },
      })
    ).json<{ token: string }>().token;
    const res = await shopper.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: { 'idempotency-key': `billing-${++keys}-abcdef` },
      payload: {
        cartId: cart.id,
        provider: 'adyen_card',
        returnPath: '/processing/',
        cardToken: token,
      },
    });
    expect(res.json<PaymentAction>().type).toBe('done');
    return res.json<PaymentAction>().orderId;
  };
  const documentsOf = (orderId: string) =>
    t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(invoices.kind, invoices.numberText);
  const mailbox = (to: string) =>
    shopper.inject({ method: 'GET', url: `/api/sandbox/mailbox/?to=${encodeURIComponent(to)}` });
  /** The receipt is issued and sent after the move commits: wait until it shows in the mailbox. */
  const receiptIn = async (to: string) => {
    await expect.poll(async () => (await mailbox(to)).body, { timeout: 10_000 }).toMatch(/\.pdf</);
    return (await mailbox(to)).body;
  };
  const outboxOf = (orderId: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));

  it('mails a paid order a receipt in the shopper’s language with its invoice PDF attached', async () => {
    const orderId = await buy({ email: 'kaeufer@gmail.com', locale: 'de' });
    const page = await receiptIn('kaeufer@gmail.com');
    expect(page).toContain(`Ihre Quittung für Bestellung ${orderId.slice(0, 8).toUpperCase()}`);
    expect(page).toContain('Ihre Rechnung AEGIS_VPN-');
    const link = /href="(attachments\/\d+\/)">(AEGIS_VPN-\d{4}-\d{6}\.pdf)</.exec(page);
    expect(link).not.toBeNull();
    const pdf = await shopper.inject({ method: 'GET', url: `/api/sandbox/mailbox/${link![1]}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [invoice] = await documentsOf(orderId);
    expect(invoice?.document).toMatchObject({
      kind: 'invoice',
      seller: { id: 'aegis_vpn', name: 'Aegis VPN Ltd.' },
      buyer: { email: 'kaeufer@gmail.com', country: 'DE' },
      currency: 'EUR',
      locale: 'de',
      taxInclusive: true,
      taxLines: [{ name: 'vat', ratePpm: 190_000 }],
    });
    expect(`${invoice?.numberText}.pdf`).toBe(link![2]);
    expect((await outboxOf(orderId))[0]?.sentAt).toBeInstanceOf(Date);
  });

  it('issues one invoice per seller when the cross-sell is another company’s, and their totals add up to the order', async () => {
    const orderId = await buy({
      email: 'two-sellers@gmail.com',
      crossSellPlan: 'pass-individual-1y-xs',
      currency: 'USD',
      country: 'US',
      region: 'US-NY',
    });
    await receiptIn('two-sellers@gmail.com');
    const docs = await documentsOf(orderId);
    expect(docs.map((d) => d.document.seller.id).sort()).toEqual(['aegis_pass', 'aegis_vpn']);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const sum = (pick: (d: (typeof docs)[number]) => number) =>
      docs.reduce((total, d) => total + pick(d), 0);
    expect(sum((d) => d.document.totalMinor)).toBe(order?.totalMinor);
    expect(sum((d) => d.document.taxMinor)).toBe(order?.taxMinor);
    expect(docs.every((d) => d.document.taxInclusive === false)).toBe(true);
  });

  it('states each product’s renewal date, price and period, and how to cancel, in the receipt and on the invoice', async () => {
    const orderId = await buy({
      email: 'renewal-terms@gmail.com',
      crossSellPlan: 'pass-individual-1y-xs',
      currency: 'USD',
      country: 'US',
      region: 'US-NY',
    });
    const page = await receiptIn('renewal-terms@gmail.com');
    const docs = await documentsOf(orderId);
    const issued = new Date(docs[0]!.document.issuedAt);
    const renews = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(issued.getUTCFullYear() + 1, issued.getUTCMonth(), issued.getUTCDate())),
    );
    // The VPN renews at its renewal plan's price ($99.99), Pass at its own ($35.89).
    const period = '(billing period: 1 year)';
    expect(page).toContain(
      `Basic · 1 year: renews automatically on ${renews} at $99.99 ${period}.`,
    );
    expect(page).toContain(`renews automatically on ${renews} at $35.89 ${period}.`);
    const cancel = 'Cancel any time in your account; after that, nothing more is charged.';
    expect(page).toContain(cancel);
    const vpn = docs.find((d) => d.document.seller.id === 'aegis_vpn')!.document;
    expect(vpn.lines[0]?.renewal).toEqual({
      amountMinor: 9999,
      period: { interval: 1, unit: 'Year' },
      after: { interval: 1, unit: 'Year' },
    });
    const printed = printedTexts(vpn);
    expect(printed).toContain(
      `Renews automatically on ${renews} at $99.99 ${period} until you cancel.`,
    );
    expect(printed).toContain(cancel);
  });

  it('numbers each merchant’s invoices one after another, and issues an order’s invoice once', async () => {
    const first = await buy({ email: 'series-a@gmail.com' });
    const second = await buy({ email: 'series-b@gmail.com' });
    await receiptIn('series-b@gmail.com');
    const [a] = await documentsOf(first);
    const [b] = await documentsOf(second);
    expect(b!.number).toBe(a!.number + 1);
    // A repeated move (a second node, the sweep) issues nothing more.
    expect(await issueDocuments(t.database.db, planFactsFrom(t.catalog), second, 'invoice')).toBe(
      0,
    );
    expect(await documentsOf(second)).toHaveLength(1);
  });

  it('gives a refunded order a credit note of its own series, mailed with its PDF', async () => {
    const orderId = await buy({ email: 'refund-me@gmail.com', locale: 'fr' });
    await receiptIn('refund-me@gmail.com');
    // The refund itself is the self-service lane's; its move is recorded the same way.
    await t.database.db.execute(sql`update orders set status = 'refunded' where id = ${orderId}`);
    await t.database.db.execute(
      sql`insert into order_events (order_id, from_status, to_status, source)
          values (${orderId}, 'paid', 'refunded', 'refund')`,
    );
    await expect
      .poll(async () => (await mailbox('refund-me@gmail.com')).body, { timeout: 10_000 })
      .toContain('Votre remboursement pour la commande');
    const docs = await documentsOf(orderId);
    const note = docs.find((d) => d.kind === 'credit_note');
    expect(note?.numberText).toMatch(/^AEGIS_VPN-CN-\d{4}-\d{6}$/);
    expect(note?.document.creditsNumber).toBe(docs.find((d) => d.kind === 'invoice')?.numberText);
    expect((await mailbox('refund-me@gmail.com')).body).toContain(`${note?.numberText}.pdf`);
  });

  it('retries a receipt the mail server refused, later, and sends it once', async () => {
    const orderId = await buy({ email: 'retry@gmail.com' });
    await receiptIn('retry@gmail.com');
    await t.database.db
      .update(mailOutbox)
      .set({ sentAt: null, attempts: 0, dueAt: new Date() })
      .where(eq(mailOutbox.orderId, orderId));
    const sent: MailMessage[] = [];
    let refuse = true;
    const mailer = {
      send: (message: MailMessage) => {
        if (refuse) return Promise.reject(new Error('SMTP delivery failed (ECONNREFUSED)'));
        sent.push(message);
        return Promise.resolve();
      },
    };
    const logged: unknown[] = [];
    const log = { warn: (...args: unknown[]) => logged.push(args) } as never;
    const deps = { db: t.database.db, mailer, publicOrigin: 'http://localhost:3000', log };
    expect(await sendDueMail(deps)).toBe(0);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain('retry@gmail.com');
    refuse = false;
    expect(await sendDueMail(deps)).toBe(0); // not due yet: the first retry waits a minute
    expect(await sendDueMail(deps, { now: new Date(Date.now() + 2 * 60_000) })).toBe(1);
    expect(await sendDueMail(deps, { now: new Date(Date.now() + 60 * 60_000) })).toBe(0);
    expect(sent.map((m) => [m.to, m.attachments?.length])).toEqual([['retry@gmail.com', 1]]);
  });

  it('retries a receipt whose render worker died, later, and sends it once', async () => {
    const orderId = await buy({ email: 'worker-died@gmail.com' });
    await receiptIn('worker-died@gmail.com');
    await t.database.db
      .update(mailOutbox)
      .set({ sentAt: null, attempts: 0, dueAt: new Date() })
      .where(eq(mailOutbox.orderId, orderId));
    const sent: MailMessage[] = [];
    const mailer = { send: (message: MailMessage) => Promise.resolve(void sent.push(message)) };
    const log = { warn: () => undefined } as never;
    const deps = { db: t.database.db, mailer, publicOrigin: 'http://localhost:3000', log };
    // A heap too small to load the fonts: the worker dies of it while it starts.
    const starved = renderPool(1, { maxOldGenerationSizeMb: 8 });
    try {
      expect(await sendDueMail({ ...deps, render: starved })).toBe(0);
    } finally {
      await starved.close();
    }
    const [row] = await outboxOf(orderId);
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    const pool = renderPool(1);
    try {
      const later = { now: new Date(Date.now() + 2 * 60_000) };
      expect(await sendDueMail({ ...deps, render: pool }, later)).toBe(1);
    } finally {
      await pool.close();
    }
    expect(sent.map((m) => [m.to, m.attachments?.length])).toEqual([['worker-died@gmail.com', 1]]);
    expect(sent[0]?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('says a receipt is queued only for a paid order', async () => {
    const orderId = await buy({ email: 'queued@gmail.com' });
    await receiptIn('queued@gmail.com');
    const queued = await shopper.inject({
      method: 'GET',
      url: `/api/billing/receipts/${orderId}/`,
    });
    expect(queued.json()).toEqual({ queued: true });
    const unknown = await shopper.inject({
      method: 'GET',
      url: '/api/billing/receipts/00000000-0000-4000-8000-000000000000/',
    });
    expect(unknown.json()).toEqual({ queued: false });
  });

  describe('after a crash', () => {
    /** A paid order with its documents, whose row the stranded orders copy. */
    let template: Promise<string> | undefined;
    const templateOrder = () =>
      (template ??= buy({ email: 'template@gmail.com' }).then(async (id) => {
        await receiptIn('template@gmail.com');
        return id;
      }));
    /**
     * Orders like `template` that moved `daysAgo` days ago, in a process that died before its
     * listener issued their documents: copies of the row and their moves, no documents. A
     * refunded one was paid first.
     */
    const stranded = async (count: number, status: 'paid' | 'refunded', daysAgo = 3) => {
      const from = await templateOrder();
      const rows = await queryRows<{ id: string }>(
        t.database.db,
        sql`with copies as (
          insert into orders (id, cart_id, status, email, currency, country, total_minor,
            tax_minor, snapshot, created_at, updated_at)
          select gen_random_uuid(), gen_random_uuid(), ${status}, 'stranded@gmail.com', currency,
            country, total_minor, tax_minor, snapshot, now() - make_interval(days => ${daysAgo}),
            now() - make_interval(days => ${daysAgo})
          from orders, generate_series(1, ${count}) where id = ${from}
          returning id
        ), moves as (
          insert into order_events (order_id, from_status, to_status, source, created_at)
          select id, 'new', 'paid', 'browser', now() - make_interval(days => ${daysAgo}) from copies
          union all
          select id, 'refund_due', 'refunded', 'refund', now() - make_interval(days => ${daysAgo})
          from copies where ${status} = 'refunded'
        )
        select id from copies`,
      );
      return rows.map((row) => row.id);
    };
    const collected: MailMessage[] = [];
    const outbox = () => ({
      db: t.database.db,
      mailer: {
        send: (message: MailMessage) => {
          collected.push(message);
          return Promise.resolve();
        },
      },
      publicOrigin: 'http://localhost:3000',
      log: { warn: () => {} } as never,
    });
    /** The sweep's job, as the api runs it each minute. */
    const sweep = () => sweepBilling(outbox(), planFactsFrom(t.catalog));
    const documentKinds = async (ids: string[]) =>
      (
        await t.database.db
          .select({ kind: invoices.kind })
          .from(invoices)
          .where(inArray(invoices.orderId, ids))
      ).map((row) => row.kind);
    const unsent = async (ids: string[]) =>
      (
        await t.database.db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(inArray(mailOutbox.orderId, ids), isNull(mailOutbox.sentAt)))
      ).length;

    it('invoices and mails a paid order its crashed listener left without documents, however old', async () => {
      const [orderId] = await stranded(1, 'paid', 30);
      await sweep();
      expect(await documentKinds([orderId!])).toEqual(['invoice']);
      const [mail] = await outboxOf(orderId!);
      expect(mail?.sentAt).toBeInstanceOf(Date);
    });

    it('resends the receipt of a paid order whose documents billing has not issued yet: it issues them first', async () => {
      const [orderId] = await stranded(1, 'paid', 30);
      expect(await resendReceipt(outbox(), planFactsFrom(t.catalog), orderId!)).toBe(true);
      expect(await documentKinds([orderId!])).toEqual(['invoice']);
      expect(await unsent([orderId!])).toBe(0);
    });

    it('drains a backlog larger than one batch in one run, refunds’ credit notes with it', async () => {
      const paid = await stranded(60, 'paid', 0);
      const refunded = await stranded(3, 'refunded', 0);
      await sweep();
      const kinds = await documentKinds([...paid, ...refunded]);
      expect(kinds.filter((kind) => kind === 'invoice')).toHaveLength(63);
      expect(kinds.filter((kind) => kind === 'credit_note')).toHaveLength(3);
      expect(await unsent([...paid, ...refunded])).toBe(0);
    });

    it('issues ten orders’ invoices with the statements of one batch, and mails their receipts likewise', async () => {
      const paid = await stranded(10, 'paid', 0);
      const counter = countStatements(t.database.db);
      const issuing = { statements: [] as string[] };
      const sending = { statements: [] as string[] };
      try {
        await counter.run(issuing, () =>
          issueMissingDocuments(t.database.db, planFactsFrom(t.catalog), outbox().log),
        );
        await counter.run(sending, () => sendDueMail(outbox(), { limit: Infinity }));
      } finally {
        counter.restore();
      }
      expect(await documentKinds(paid)).toEqual(paid.map(() => 'invoice'));
      expect(await unsent(paid)).toBe(0);
      // The mark and the moves read, then one transaction: the orders locked, their documents and
      // payments read, the numbers taken, the invoices and the mails queued; the mark moved.
      expect(issuing.statements.length, issuing.statements.join('\n')).toBeLessThanOrEqual(8);
      // Claims (credit notes, receipts; then an empty round), the orders and their documents read,
      // the rows marked sent.
      expect(sending.statements.length, sending.statements.join('\n')).toBeLessThanOrEqual(7);
    });

    it('tries an order whose documents failed again at the next sweep, holding up no other', async () => {
      const [broken, fine] = await stranded(2, 'paid');
      await t.database.db.execute(
        sql`update orders set snapshot = '{"lines": null}' where id = ${broken}`,
      );
      const warned: unknown[] = [];
      const log = { warn: (...args: unknown[]) => warned.push(args) } as never;
      await sweepBilling({ ...outbox(), log }, planFactsFrom(t.catalog));
      expect(await documentKinds([fine!])).toEqual(['invoice']);
      expect(await documentKinds([broken!])).toEqual([]);
      expect(JSON.stringify(warned)).toContain(broken);
      // Repaired (its snapshot as its twin's): the next sweep issues it, however old its move.
      await t.database.db.execute(
        sql`update orders set snapshot = (select snapshot from orders where id = ${fine})
            where id = ${broken}`,
      );
      await sweep();
      expect(await documentKinds([broken!])).toEqual(['invoice']);
    });

    it('sends a credit note ahead of receipts queued before it', async () => {
      const paid = await stranded(25, 'paid');
      const [refunded] = await stranded(1, 'refunded');
      for (const id of paid)
        await issueDocuments(t.database.db, planFactsFrom(t.catalog), id, 'invoice');
      await issueDocuments(t.database.db, planFactsFrom(t.catalog), refunded!, 'invoice');
      await issueDocuments(t.database.db, planFactsFrom(t.catalog), refunded!, 'credit_note');
      // Due in an hour, in the order they were queued, so the api's own sweep leaves them be.
      await t.database.db
        .update(mailOutbox)
        .set({ dueAt: sql`${mailOutbox.createdAt} + interval '1 hour'` })
        .where(inArray(mailOutbox.orderId, [...paid, refunded!]));
      collected.length = 0;
      // One listener's send, 20 at most, while 26 receipts and then a credit note are due.
      await sendDueMail(outbox(), { now: new Date(Date.now() + 2 * 3_600_000) });
      expect(collected).toHaveLength(20);
      expect(collected.some((m) => /\bCN-/.test(m.attachments?.[0]?.filename ?? ''))).toBe(true);
    });
  });

  describe('the account’s documents', () => {
    const asAccount = async (email: string) => {
      const token = await createSession(t.database.db, {
        id: `sub-${email}`,
        email,
        providerSid: null,
      });
      return (url: string) =>
        t.app.inject({ method: 'GET', url, cookies: { [TOKEN_COOKIE]: token } });
    };

    it('lists the logged-in account’s invoices, and serves their PDFs to it alone', async () => {
      const orderId = await buy({ email: 'owner@gmail.com' });
      await receiptIn('owner@gmail.com');
      const owner = await asAccount('owner@gmail.com');
      const list = await owner('/api/users/current/invoices/');
      expect(list.statusCode).toBe(200);
      const { documents } = list.json<{
        documents: { id: string; orderId: string; number: string }[];
      }>();
      expect(documents.map((d) => d.orderId)).toEqual([orderId]);
      const pdf = await owner(`/api/users/current/invoices/${documents[0]!.id}/pdf/`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`${documents[0]!.number}.pdf`);

      const stranger = await asAccount('stranger@gmail.com');
      expect((await stranger('/api/users/current/invoices/')).json()).toEqual({ documents: [] });
      const theirs = await stranger(`/api/users/current/invoices/${documents[0]!.id}/pdf/`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toMatchObject({ error: { code: 'not_found' } });
      const nobody = await t.app.inject({
        method: 'GET',
        url: `/api/users/current/invoices/${documents[0]!.id}/pdf/`,
      });
      expect(nobody.statusCode).toBe(401);
      expect((await owner('/api/users/current/invoices/not-an-id/pdf/')).statusCode).toBe(404);
    });
  });
});
