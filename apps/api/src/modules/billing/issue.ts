/**
 * Issues orders' invoices (when they are paid) or credit notes (when they are refunded, and for
 * each refund of a part), numbered without gaps, and queues the mail that carries them, all in
 * one transaction.
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

/** An order's documents that exist, and its latest payment: what its new documents depend on. */
interface IssuedRow {
  id: string;
  existing: {
    kind: DocumentKind;
    merchantId: string;
    number: string;
    refundId: string | null;
    totalMinor: number;
  }[];
  payment: DocumentPayment | null;
  /** What staff's partial refunds gave back (payments' ledger: numeric, a string on PostgreSQL). */
  partsMinor: number | string;
}

/** The order's language: its cart's, else English (renewal orders have no browser of their own). */
function localeOf(snapshot: CartView): string {
  const code = snapshot.locale;
  return code && findLanguage(code) ? languageOf(code).urlCode : DEFAULT_LOCALE;
}

/**
 * Takes `counts` numbers of each merchant's series (one statement); answers the first of each.
 * The upsert takes the counter rows' locks, in the merchants' order, until the caller's
 * transaction ends, so concurrent issuers queue on them, and a rollback gives the numbers back.
 */
async function takeNumbers(
  tx: Database,
  counts: ReadonlyMap<string, number>,
  kind: DocumentKind,
  year: number,
): Promise<Map<string, number>> {
  const wanted = JSON.stringify(
    [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([merchant, n]) => ({ merchant, n })),
  );
  const rows = await queryRows<{ merchant_id: string; last_number: number }>(
    tx,
    sql`insert into invoice_counters (merchant_id, kind, year, last_number)
        select w.merchant, ${kind}, ${year}, w.n
        from jsonb_to_recordset(${wanted}::jsonb) as w(merchant text, n int) order by w.merchant
        on conflict (merchant_id, kind, year)
        do update set last_number = invoice_counters.last_number + excluded.last_number
        returning merchant_id, last_number`,
  );
  const first = new Map<string, number>();
  for (const row of rows) {
    first.set(row.merchant_id, Number(row.last_number) - (counts.get(row.merchant_id) ?? 0) + 1);
  }
  if (first.size !== counts.size) throw new Error('the invoice counters returned no number');
  return first;
}

/** A refund of a part of an order (its request id and amount): it gets a credit note of its own. */
export interface RefundPart {
  id: string;
  amountMinor: number;
}

/** The documents of `kind` an order still lacks (unnumbered), from what it has. */
function missingDrafts(
  order: OrderRow,
  { existing, payment, partsMinor }: IssuedRow,
  kind: DocumentKind,
  planFacts: PlanFactsOf,
  refund: RefundPart | undefined,
) {
  const refundId = refund?.id ?? null;
  const issued = new Set(
    existing.filter((e) => e.kind === kind && e.refundId === refundId).map((e) => e.merchantId),
  );
  const invoiced = new Map(
    existing.filter((e) => e.kind === 'invoice').map((e) => [e.merchantId, e.number]),
  );
  const locale = localeOf(order.snapshot);
  const whole = draftDocuments(
    { ...order, payment: payment ?? undefined },
    kind,
    planFacts,
    locale,
  );
  // What the parts gave back, from payments' ledger rather than their notes: a part's note may
  // not be issued yet (its process died; the sweep issues it), and the rest's must not credit
  // it again.
  const creditedByParts = Number(partsMinor);
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
  return { drafts, locale, invoiced };
}

/**
 * Issues the documents of `kind` that the orders do not have yet, and queues their mail, in one
 * transaction of five statements however many orders there are (the orders locked, their
 * documents and payments read, the numbers taken, the documents and the mails written); numbers
 * follow `orderIds`' order. Safe to call twice or from two nodes at once: the orders' row locks
 * make the second call find the documents the first one issued. A credit note is issued only for
 * an order that had an invoice (an order refunded because another payment had paid its cart was
 * never sold). With `refund` (one order), the credit note is that refund's, for its amount;
 * without, the refunded order's, for what the credit notes of parts left. Returns how many
 * documents this call issued.
 */
export async function issueDocumentsOf(
  db: Database,
  planFacts: PlanFactsOf,
  orderIds: readonly string[],
  kind: DocumentKind,
  now = new Date(),
  refund?: RefundPart,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  if (refund && orderIds.length > 1) throw new Error('a refund of a part is one order’s');
  const ids = JSON.stringify(orderIds);
  return db.transaction(async (tx) => {
    // Locked in the ids' sorted order, as every issuer locks them, so two batches never deadlock.
    const locked = await queryRows<OrderRow>(
      tx,
      sql`select id, email, currency, country, status, snapshot from orders
          where id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))
          order by id for update`,
    );
    // Callers ask for an invoice only for an order that was paid: it may have moved on since.
    const expected =
      kind === 'invoice' || refund ? ['paid', 'refund_due', 'refunded'] : ['refunded'];
    const byId = new Map(locked.filter((o) => expected.includes(o.status)).map((o) => [o.id, o]));
    if (byId.size === 0) return 0;
    // Read after the locks are held, so a concurrent issuer's documents are seen.
    const issuedRows = await queryRows<IssuedRow>(
      tx,
      sql`select o.id,
            coalesce((select json_agg(json_build_object('kind', i.kind,
                'merchantId', i.merchant_id, 'number', i.number_text, 'refundId', i.refund_id,
                'totalMinor', i.document->'totalMinor'))
              from invoices i where i.order_id = o.id), '[]'::json) as existing,
            (select json_build_object('provider', p.provider, 'cardBrand', p.card_brand,
                'cardLast4', p.card_last4)
              from payments p where p.order_id = o.id order by p.created_at desc limit 1) as payment,
            (select coalesce(sum(r.amount_minor), 0) from payment_refunds r
              where r.order_id = o.id and not r.whole) as "partsMinor"
          from orders o
          where o.id in (select value::uuid from jsonb_array_elements_text(${ids}::jsonb))`,
    );
    const issuedOf = new Map(issuedRows.map((row) => [row.id, row]));
    const planned = orderIds.flatMap((id) => {
      const order = byId.get(id);
      const issued = issuedOf.get(id);
      return order && issued
        ? [{ order, ...missingDrafts(order, issued, kind, planFacts, refund) }]
        : [];
    });
    const counts = new Map<string, number>();
    for (const { drafts } of planned)
      for (const draft of drafts)
        counts.set(draft.seller.id, (counts.get(draft.seller.id) ?? 0) + 1);
    if (counts.size === 0) return 0;
    const year = now.getUTCFullYear();
    const next = await takeNumbers(tx, counts, kind, year);
    const refundId = refund?.id ?? null;
    const rows = planned.flatMap(({ order, drafts, locale, invoiced }) =>
      drafts.map((draft) => {
        const number = next.get(draft.seller.id) ?? 0;
        next.set(draft.seller.id, number + 1);
        const numberText = formatDocumentNumber(draft.seller.id, kind, year, number);
        const document: InvoiceDocument = {
          ...draft,
          numberText,
          issuedAt: now.toISOString(),
          ...(kind === 'credit_note' ? { creditsNumber: invoiced.get(draft.seller.id) } : {}),
        };
        return {
          orderId: order.id,
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
        };
      }),
    );
    await tx.insert(invoices).values(rows);
    await tx
      .insert(mailOutbox)
      .values(
        planned
          .filter(({ drafts }) => drafts.length > 0)
          .map(({ order }) => ({
            orderId: order.id,
            kind: kind === 'invoice' ? ('receipt' as const) : ('credit_note' as const),
            refundId,
          })),
      )
      .onConflictDoNothing();
    return rows.length;
  });
}

/** One order's missing documents of `kind` (issueDocumentsOf). */
export function issueDocuments(
  db: Database,
  planFacts: PlanFactsOf,
  orderId: string,
  kind: DocumentKind,
  now = new Date(),
  refund?: RefundPart,
): Promise<number> {
  return issueDocumentsOf(db, planFacts, [orderId], kind, now, refund);
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
