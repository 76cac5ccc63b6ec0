/**
 * Issues an order's invoices (when it is paid) or credit notes (when it is refunded, and for each
 * refund of a part), numbered
 * without gaps, and queues the mail that carries them, all in one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  languageOf,
  DEFAULT_LOCALE,
  findLanguage,
  type CartView,
  type Currency,
} from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { refundedSoFar } from '../payments/refund-ledger';
import type { DocumentKind } from './document-kinds';
import {
  draftDocuments,
  formatDocumentNumber,
  scaleDrafts,
  type DocumentPayment,
  type PlanFactsOf,
  type InvoiceDocument,
} from './invoice-document';
import { productName, sellerDetails } from './sellers';
import { invoices, mailOutbox } from './tables';

/**
 * Seller (with the brand's details of it), product, title and renewal (its next-charge plan's
 * price in `currency` and period, the way a paid order's subscription takes its price) of each
 * plan, from the catalog as it is now (the document freezes them).
 */
export function planFactsFrom(catalog: Catalog): PlanFactsOf {
  const snapshot = catalog.snapshot();
  return (identifier, currency) => {
    const plan = snapshot.plans.get(identifier);
    const merchantId = plan?.merchantId ?? 'aegis';
    const merchant = snapshot.merchants.get(merchantId) ?? snapshot.merchants.get('aegis');
    const renewal = plan ? (snapshot.plans.get(plan.nextChargePlan) ?? plan) : undefined;
    const renewalMinor = currency ? renewal?.prices.get(currency)?.[0] : undefined;
    return {
      title: plan?.displayTitle ?? identifier,
      product: plan ? productName(plan.productId) : undefined,
      seller: { id: merchantId, name: merchant?.name ?? merchantId, ...sellerDetails(merchantId) },
      extraPeriod: plan?.extraPeriod
        ? { interval: plan.extraPeriod.interval, unit: plan.extraPeriod.unit }
        : undefined,
      renewal:
        renewal && renewalMinor !== undefined
          ? {
              amountMinor: renewalMinor,
              period: { interval: renewal.period.interval, unit: renewal.period.unit },
            }
          : undefined,
    };
  };
}

interface OrderRow {
  id: string;
  email: string;
  currency: Currency;
  country: string;
  status: string;
  snapshot: CartView;
}

/** The order's language: its cart's, else English (renewal orders have no browser of their own). */
function localeOf(snapshot: CartView): string {
  const code = snapshot.locale;
  return code && findLanguage(code) ? languageOf(code).urlCode : DEFAULT_LOCALE;
}

/**
 * Gives the next number of a series. The upsert takes the counter row's lock until the caller's
 * transaction ends, so concurrent issuers queue on it, and a rollback gives the number back.
 */
async function nextNumber(tx: Database, merchantId: string, kind: DocumentKind, year: number) {
  const [row] = await queryRows<{ last_number: number }>(
    tx,
    sql`insert into invoice_counters (merchant_id, kind, year, last_number)
        values (${merchantId}, ${kind}, ${year}, 1)
        on conflict (merchant_id, kind, year)
        do update set last_number = invoice_counters.last_number + 1
        returning last_number`,
  );
  if (!row) throw new Error('the invoice counter returned no number');
  return Number(row.last_number);
}

/** A refund of a part of an order (its request id and amount): it gets a credit note of its own. */
export interface RefundPart {
  id: string;
  amountMinor: number;
}

/**
 * Issues the order's documents of `kind` that do not exist yet, and queues their mail. Safe to
 * call twice or from two nodes at once: the order's row lock makes the second call find the
 * documents the first one issued. A credit note is issued only for an order that had an
 * invoice (an order refunded because another payment had paid its cart was never sold). With
 * `refund`, the credit note is that refund's, for its amount; without, the refunded order's,
 * for what the credit notes of parts left. Returns how many documents this call issued.
 */
export async function issueDocuments(
  db: Database,
  planFacts: PlanFactsOf,
  orderId: string,
  kind: DocumentKind,
  now = new Date(),
  refund?: RefundPart,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [order] = await queryRows<OrderRow>(
      tx,
      sql`select id, email, currency, country, status, snapshot from orders
          where id = ${orderId} for update`,
    );
    if (!order) return 0;
    // Callers ask for an invoice only for an order that was paid: it may have moved on since.
    const expected =
      kind === 'invoice' || refund ? ['paid', 'refund_due', 'refunded'] : ['refunded'];
    if (!expected.includes(order.status)) return 0;
    const existing = await tx
      .select({
        kind: invoices.kind,
        merchantId: invoices.merchantId,
        number: invoices.numberText,
        refundId: invoices.refundId,
        document: invoices.document,
      })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    const refundId = refund?.id ?? null;
    const issued = new Set(
      existing.filter((e) => e.kind === kind && e.refundId === refundId).map((e) => e.merchantId),
    );
    const invoiced = new Map(
      existing.filter((e) => e.kind === 'invoice').map((e) => [e.merchantId, e.number]),
    );
    const locale = localeOf(order.snapshot);
    const [payment] = await queryRows<DocumentPayment>(
      tx,
      sql`select provider, card_brand as "cardBrand", card_last4 as "cardLast4" from payments
          where order_id = ${orderId} order by created_at desc limit 1`,
    );
    const whole = draftDocuments({ ...order, payment }, kind, planFacts, locale);
    // What the parts gave back, from payments' ledger rather than their notes: a part's note
    // may not be issued yet (its process died; the sweep issues it), and the rest's must not
    // credit it again.
    const creditedByParts =
      kind === 'credit_note' ? (await refundedSoFar(tx, orderId)).partsMinor : 0;
    const orderTotal = whole.reduce((sum, d) => sum + d.totalMinor, 0);
    const scaled =
      kind !== 'credit_note'
        ? whole
        : refund
          ? scaleDrafts(whole, refund.amountMinor)
          : creditedByParts > 0
            ? scaleDrafts(whole, orderTotal - creditedByParts)
            : whole;
    const drafts = scaled.filter(
      (d) => !issued.has(d.seller.id) && (kind === 'invoice' || invoiced.has(d.seller.id)),
    );
    const year = now.getUTCFullYear();
    for (const draft of drafts) {
      const number = await nextNumber(tx, draft.seller.id, kind, year);
      const numberText = formatDocumentNumber(draft.seller.id, kind, year, number);
      const document: InvoiceDocument = {
        ...draft,
        numberText,
        issuedAt: now.toISOString(),
        ...(kind === 'credit_note' ? { creditsNumber: invoiced.get(draft.seller.id) } : {}),
      };
      await tx.insert(invoices).values({
        orderId,
        kind,
        merchantId: draft.seller.id,
        year,
        number,
        numberText,
        email: order.email,
        locale,
        document,
        issuedAt: now,
        refundId,
      });
    }
    if (drafts.length > 0) {
      await tx
        .insert(mailOutbox)
        .values({ orderId, kind: kind === 'invoice' ? 'receipt' : 'credit_note', refundId })
        .onConflictDoNothing();
    }
    return drafts.length;
  });
}

/** Whether the order's receipt is queued or sent: what the success page may promise. */
export async function receiptQueued(db: Database, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'receipt')))
    .limit(1);
  return rows.length > 0;
}
