/**
 * What an invoice or credit note says, built from a paid order's snapshot: one document per
 * selling merchant (a VPN with a Pass cross-sell is sold by two companies), its lines, discount,
 * tax lines and totals in the order's currency, in integer minor units.
 */
import {
  firstTermSpan,
  splitMinor,
  periodEnd,
  type CartView,
  type Currency,
  type Period,
  type TaxName,
} from '@checkout/core';
import type { DocumentKind } from './document-kinds';

export interface Seller {
  id: string;
  name: string;
  /** What §14 UStG and the EU VAT rules ask of a seller; absent on documents issued before. */
  address?: string[] | undefined;
  vatId?: string | undefined;
  registration?: string | undefined;
}

export interface InvoiceLine {
  plan: string;
  /** The catalog's title of the plan when it was sold ("Plus · 1 year"). */
  title: string;
  /**
   * The product's name, tier and period bought, printed in the document's language ("Aegis VPN
   * Plus · 1 Jahr") with the service period; absent on documents issued before.
   */
  product?: string | undefined;
  tier?: string | undefined;
  period?: PeriodSpan | undefined;
  regularMinor: number;
  discountMinor: number;
  /** An upgrade's credit for the unused time of the subscription it replaces. */
  creditMinor: number;
  amountMinor: number;
  /**
   * An invoice's subscription line: what it renews at and for which period, until it is
   * cancelled; the first renewal falls one first term (`after`: the period bought and its extra)
   * past the invoice's date, as the subscription's does.
   */
  renewal?: { amountMinor: number; period: PeriodSpan; after: PeriodSpan } | undefined;
}

type PeriodSpan = Pick<Period, 'interval' | 'unit'>;

export interface InvoiceTaxLine {
  name: TaxName;
  ratePpm: number;
  amountMinor: number;
}

export interface InvoiceDocument {
  kind: DocumentKind;
  numberText: string;
  issuedAt: string;
  orderId: string;
  /** A credit note names the invoice it cancels. */
  creditsNumber?: string | undefined;
  seller: Seller;
  buyer: { email: string; country: string; region: string | null; postalCode: string | null };
  currency: Currency;
  locale: string;
  lines: InvoiceLine[];
  discountMinor: number;
  subtotalMinor: number;
  /** Included: the line amounts already hold the tax; otherwise it is added on top. */
  taxInclusive: boolean;
  taxLines: InvoiceTaxLine[];
  taxMinor: number;
  totalMinor: number;
  /** How the order was paid (and a credit note refunded): the provider, a card's brand and last four. */
  payment?: DocumentPayment | undefined;
}

export interface DocumentPayment {
  provider: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** A document before it has a number: what issuing needs to know. */
export type DocumentDraft = Omit<InvoiceDocument, 'numberText' | 'issuedAt' | 'creditsNumber'>;

export interface OrderForDocuments {
  id: string;
  email: string;
  currency: Currency;
  country: string;
  snapshot: CartView;
  payment?: DocumentPayment | undefined;
}

export interface PlanFacts {
  title: string;
  /** The product's name as sold ("Aegis VPN"). */
  product?: string | undefined;
  seller: Seller;
  /** The extra period the plan gives on top of its own before the first renewal. */
  extraPeriod?: PeriodSpan | undefined;
  /** Its subscription's renewal: price (in the currency asked for) and period, when it has one. */
  renewal?: { amountMinor: number; period: PeriodSpan } | undefined;
}

/** A plan's facts; the renewal price only when a currency is asked for. */
export type PlanFactsOf = (plan: string, currency?: Currency) => PlanFacts;

/**
 * The order's documents, one per seller in the order its lines name them. The cart's tax was
 * computed on the whole subtotal; each seller's share of every tax line is proportional to its
 * lines, and the shares add up to the cart's tax to the unit.
 */
export function draftDocuments(
  order: OrderForDocuments,
  kind: DocumentKind,
  planFacts: PlanFactsOf,
  locale: string,
): DocumentDraft[] {
  const view = order.snapshot;
  const bySeller = new Map<string, { seller: Seller; lines: InvoiceLine[] }>();
  for (const line of view.lines) {
    const facts = planFacts(line.plan, order.currency);
    const group = bySeller.get(facts.seller.id) ?? { seller: facts.seller, lines: [] };
    // An upgrade's one line is charged less the credit for the replaced subscription's unused
    // time, down to zero at most (the cart's due amount is never below zero either).
    const creditMinor =
      line.kind === 'main' ? Math.min(view.upgrade?.creditMinor ?? 0, line.amountMinor) : 0;
    group.lines.push({
      plan: line.plan,
      title: facts.title,
      product: facts.product,
      tier: line.tier,
      period: { interval: line.period.interval, unit: line.period.unit },
      regularMinor: line.beforeDiscountMinor,
      discountMinor: line.beforeDiscountMinor - line.amountMinor,
      creditMinor,
      amountMinor: line.amountMinor - creditMinor,
      renewal:
        kind === 'invoice' && facts.renewal
          ? {
              ...facts.renewal,
              after: firstTermSpan(line.period, facts.extraPeriod),
            }
          : undefined,
    });
    bySeller.set(facts.seller.id, group);
  }
  const groups = [...bySeller.values()];
  const weights = groups.map((g) => g.lines.reduce((sum, l) => sum + l.amountMinor, 0));
  const taxShares = view.tax.lines.map((tax) => splitMinor(tax.amountMinor, weights));
  return groups.map((group, index) => {
    const subtotalMinor = weights[index] ?? 0;
    const taxLines = view.tax.lines.map((tax, t) => ({
      name: tax.name,
      ratePpm: tax.ratePpm,
      amountMinor: taxShares[t]?.[index] ?? 0,
    }));
    const taxMinor = taxLines.reduce((sum, l) => sum + l.amountMinor, 0);
    return {
      kind,
      orderId: order.id,
      seller: group.seller,
      buyer: {
        email: order.email,
        country: order.country,
        region: view.region,
        postalCode: view.postalCode,
      },
      currency: order.currency,
      locale,
      lines: group.lines,
      discountMinor: group.lines.reduce((sum, l) => sum + l.discountMinor, 0),
      subtotalMinor,
      taxInclusive: view.tax.inclusive,
      taxLines,
      taxMinor,
      totalMinor: view.tax.inclusive ? subtotalMinor : subtotalMinor + taxMinor,
      payment: order.payment,
    };
  });
}

/**
 * Credit notes for `amountMinor` of the order rather than all of it (a refund of a part, or the
 * rest after parts): shared over the sellers by their totals, and within each over its lines and
 * tax lines in proportion, to the unit. Lines show what is credited, without prices or renewals.
 */
export function scaleDrafts(
  drafts: readonly DocumentDraft[],
  amountMinor: number,
): DocumentDraft[] {
  const shares = splitMinor(
    amountMinor,
    drafts.map((d) => d.totalMinor),
  );
  return drafts.map((draft, index) => {
    const total = shares[index] ?? 0;
    const taxMinor = draft.taxInclusive
      ? Math.round((draft.taxMinor * total) / (draft.totalMinor || 1))
      : total - Math.round((draft.subtotalMinor * total) / (draft.totalMinor || 1));
    const subtotalMinor = draft.taxInclusive ? total : total - taxMinor;
    const lineParts = splitMinor(
      subtotalMinor,
      draft.lines.map((l) => l.amountMinor),
    );
    const taxParts = splitMinor(
      taxMinor,
      draft.taxLines.map((l) => l.amountMinor),
    );
    return {
      ...draft,
      lines: draft.lines.map((line, i) => ({
        ...line,
        regularMinor: lineParts[i] ?? 0,
        discountMinor: 0,
        creditMinor: 0,
        amountMinor: lineParts[i] ?? 0,
        renewal: undefined,
      })),
      discountMinor: 0,
      subtotalMinor,
      taxLines: draft.taxLines.map((line, i) => ({ ...line, amountMinor: taxParts[i] ?? 0 })),
      taxMinor,
      totalMinor: total,
    };
  });
}

/** The printed number: merchant, year and a six-digit sequence; credit notes have their own. */
export function formatDocumentNumber(
  merchantId: string,
  kind: DocumentKind,
  year: number,
  sequence: number,
): string {
  const series = kind === 'credit_note' ? '-CN' : '';
  return `${merchantId.toUpperCase()}${series}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** When an invoiced subscription line first renews: its first term after the invoice's date. */
export function firstRenewalAt(doc: Pick<InvoiceDocument, 'issuedAt'>, after: PeriodSpan): Date {
  return periodEnd(new Date(doc.issuedAt), after, 1);
}
