/**
 * Sends the mail the outbox holds: receipts with their invoices, credit notes. Each row is
 * claimed with SKIP LOCKED and a lease before anything is sent, so two api nodes never send the
 * same row at once; a node that dies mid-send leaves a lease that runs out, and another sends it
 * (at least once: a mail server's answer can be lost after it took the message). Credit notes
 * are claimed apart from receipts, so a queue of receipts does not hold them back.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import { localizedPath } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { orders } from '../orders/tables';
import { renderInThread, type DocumentRenderer } from './document-renderer';
import { firstRenewalAt } from './invoice-document';
import { invoices, mailOutbox } from './tables';

export interface OutboxDeps {
  db: Database;
  mailer: Mailer;
  /** The checkout's public origin: the e-mails link to the account page there. */
  publicOrigin: string;
  log: FastifyBaseLogger;
  /** Prints the PDFs and mails: the api's render pool, or this thread when not given. */
  render?: DocumentRenderer | undefined;
}

/** How long a claimed row is left alone by other nodes while this one sends it. */
const LEASE_MS = 5 * 60_000;
/** Waits after the 1st, 2nd … failure: 1, 2, 4 … minutes, at most 6 hours. */
const backoffMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 6 * 3_600_000);

/** Rows claimed at once; credit notes may take half, receipts the rest. */
const CLAIMED_AT_ONCE = 32;
/** Messages printed and handed to the transport at once: a mail server's waits overlap. */
const SENDING_AT_ONCE = 8;

type MailKind = 'receipt' | 'credit_note';

interface Claimed {
  id: number;
  order_id: string;
  kind: MailKind;
  attempts: number;
  refund_id: string | null;
}

async function claim(db: Database, kind: MailKind, count: number, now: Date): Promise<Claimed[]> {
  if (count <= 0) return [];
  return queryRows<Claimed>(
    db,
    sql`update mail_outbox set attempts = attempts + 1,
          due_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
        where id in (
          select id from mail_outbox
          where kind = ${kind} and sent_at is null and due_at <= ${now.toISOString()}::timestamptz
          order by due_at, id limit ${count}
          for update skip locked
        )
        returning id, order_id, kind, attempts, refund_id`,
  );
}

/** Up to `count` due rows: credit notes first, up to half, and receipts for the rest. */
async function claimNext(db: Database, count: number, now: Date): Promise<Claimed[]> {
  const notes = await claim(db, 'credit_note', Math.ceil(count / 2), now);
  return [...notes, ...(await claim(db, 'receipt', count - notes.length, now))];
}

type OrderRow = typeof orders.$inferSelect;
type DocumentRow = typeof invoices.$inferSelect;

/** What a row's mail carries: its order, and that order's documents of the row's kind. */
interface MailFacts {
  order: OrderRow | undefined;
  documents: DocumentRow[];
}

/**
 * The orders and documents of several outbox rows, in two statements: a row's documents are
 * its order's documents of its kind (a refund's credit notes for a refund's row), by number.
 */
async function mailFacts(
  db: Database,
  rows: readonly Pick<Claimed, 'order_id' | 'kind' | 'refund_id'>[],
): Promise<MailFacts[]> {
  const ids = [...new Set(rows.map((row) => row.order_id))];
  const [found, documents] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db.select().from(invoices).where(inArray(invoices.orderId, ids)).orderBy(invoices.numberText),
  ]);
  const byId = new Map(found.map((order) => [order.id, order]));
  return rows.map((row) => ({
    order: byId.get(row.order_id),
    documents: documents.filter(
      (d) =>
        d.orderId === row.order_id &&
        d.kind === (row.kind === 'receipt' ? 'invoice' : 'credit_note') &&
        d.refundId === row.refund_id,
    ),
  }));
}

/** The message of one outbox row from its facts: the documents printed and attached. */
async function messageOf(
  { order, documents }: MailFacts,
  kind: MailKind,
  publicOrigin: string,
  render: DocumentRenderer = renderInThread,
): Promise<MailMessage | undefined> {
  const first = documents[0];
  if (!order || !first) return undefined;
  const locale = first.locale;
  const input = {
    locale,
    orderId: order.id,
    // A credit note's mail says what it credits: a part, the rest, or the whole order.
    amountMinor:
      kind === 'receipt'
        ? order.totalMinor
        : documents.reduce((sum, d) => sum + d.document.totalMinor, 0),
    currency: order.currency,
    numbers: documents.map((d) => d.numberText),
    sellers: documents.map((d) => d.document.seller.name),
    accountUrl: new URL(localizedPath(locale, '/dashboard/'), publicOrigin).toString(),
  };
  const renewals = documents.flatMap(({ document }) =>
    document.lines.flatMap(({ title, renewal }) =>
      renewal
        ? [
            {
              item: title,
              amountMinor: renewal.amountMinor,
              currency: document.currency,
              period: renewal.period,
              renewsAt: firstRenewalAt(document, renewal.after).toISOString(),
            },
          ]
        : [],
    ),
  );
  const mail = await (kind === 'receipt'
    ? render.receiptMail({ ...input, renewals })
    : render.creditNoteMail(input));
  const attachments = await Promise.all(
    documents.map(async (d) => ({
      filename: `${d.numberText}.pdf`,
      contentType: 'application/pdf',
      content: await render.invoicePdf(d.document),
    })),
  );
  return { to: order.email, subject: mail.subject, body: mail.text, html: mail.html, attachments };
}

/** Sends one claimed row; true when it went out, else it waits longer each time. */
async function sendClaimed(
  deps: OutboxDeps,
  mailer: Mailer,
  row: Claimed,
  facts: MailFacts,
  now: Date,
) {
  try {
    const message = await messageOf(facts, row.kind, deps.publicOrigin, deps.render);
    if (message) await mailer.send(message);
    return true;
  } catch (error) {
    const retryAt = new Date(now.getTime() + backoffMs(row.attempts));
    await deps.db.update(mailOutbox).set({ dueAt: retryAt }).where(eq(mailOutbox.id, row.id));
    // The order id, never the address: the reason comes from smtp-mailer's safe error.
    deps.log.warn(
      { err: error, orderId: row.order_id, kind: row.kind, attempts: row.attempts },
      'billing mail not sent; will retry',
    );
    return false;
  }
}

export interface SendOptions {
  /** Rows taken at most (a listener's send after one order); the sweep takes every due row. */
  limit?: number;
  /** A time in ms after which no more rows are taken. */
  until?: number;
  /** The time rows are due by (tests); the clock's, read again each round, when not given. */
  now?: Date;
}

/**
 * Sends due messages until `limit` rows were taken, none is due or `until` passed; returns how
 * many went out. Idempotent: a sent row is never taken again.
 */
export async function sendDueMail(
  deps: OutboxDeps,
  { limit = 20, until = Infinity, now }: SendOptions = {},
): Promise<number> {
  const { db, mailer } = deps;
  const sending = pLimit(SENDING_AT_ONCE);
  let taken = 0;
  let sent = 0;
  while (taken < limit && Date.now() < until) {
    const at = now ?? new Date();
    const rows = await claimNext(db, Math.min(CLAIMED_AT_ONCE, limit - taken), at);
    if (rows.length === 0) break;
    taken += rows.length;
    const facts = await mailFacts(db, rows);
    const results = await Promise.all(
      rows.map((row, n) => sending(() => sendClaimed(deps, mailer, row, facts[n]!, at))),
    );
    // The rows that went out, marked in one statement once the claim's mails are handed over.
    const done = rows.filter((_, n) => results[n]).map((row) => row.id);
    if (done.length > 0) {
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(inArray(mailOutbox.id, done));
    }
    sent += done.length;
  }
  return sent;
}
