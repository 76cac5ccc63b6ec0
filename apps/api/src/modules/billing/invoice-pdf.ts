/**
 * Prints an invoice or credit note as a PDF (pdfkit), in the buyer's language, mirrored for
 * right-to-left languages. A language whose script the shipped fonts do not cover (Chinese,
 * Japanese, Korean: see pdf-fonts.ts) is printed in English.
 */
import PDFDocument from 'pdfkit';
import { DEFAULT_LOCALE, formatPrice, languageOf, periodEnd } from '@checkout/core';
import {
  firstRenewalAt,
  type DocumentPayment,
  type InvoiceDocument,
  type InvoiceLine,
} from './invoice-document';
import { periodText, taxLabel, translator } from '../../mail/messages';
import { allFonts, fontRuns, isRightToLeftFont, visualRuns } from './pdf-fonts';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT = PAGE.width - 2 * PAGE.margin;

interface TextOp {
  text: string;
  /** Left edge and width of the box in a left-to-right page; mirrored for right to left. */
  x: number;
  y: number;
  width: number;
  align: 'start' | 'end';
  size: number;
  muted?: boolean;
}

interface Layout {
  ops: TextOp[];
  rules: { y: number }[];
}

interface Formats {
  date: Intl.DateTimeFormat;
  percent: Intl.NumberFormat;
  regions: Intl.DisplayNames;
}

/** Intl's formatters are slow to build: one set per language (26 at most), kept for the process. */
const formatsByLocale = new Map<string, Formats>();
function formatsOf(localeCode: string): Formats {
  let formats = formatsByLocale.get(localeCode);
  if (!formats) {
    formats = {
      date: new Intl.DateTimeFormat(localeCode, { dateStyle: 'long', timeZone: 'UTC' }),
      percent: new Intl.NumberFormat(localeCode, { style: 'percent', maximumFractionDigits: 3 }),
      regions: new Intl.DisplayNames([localeCode], { type: 'region' }),
    };
    formatsByLocale.set(localeCode, formats);
  }
  return formats;
}

type Translate = ReturnType<typeof translator<'document'>>;

/** The seller as the law asks to name it: name, address, VAT id and registration number. */
function sellerLines(seller: InvoiceDocument['seller'], t: Translate): string[] {
  return [
    seller.name,
    ...(seller.address ?? []),
    ...(seller.vatId ? [t('vatId', { id: seller.vatId })] : []),
    ...(seller.registration ? [t('registration', { number: seller.registration })] : []),
  ];
}

/** "Aegis VPN Basic · 1 Jahr": product, tier and period in the document's language. */
function lineTitle(line: InvoiceLine, locale: string): string {
  if (!line.product || !line.tier || !line.period) return line.title;
  return `${line.product} ${line.tier} · ${periodText(locale, line.period)}`;
}

function paymentMethod(payment: DocumentPayment, t: Translate): string {
  return payment.cardBrand && payment.cardLast4
    ? t('card', { brand: payment.cardBrand, last4: payment.cardLast4 })
    : payment.provider;
}

/** Everything printed, positioned, in one language. */
function layout(doc: InvoiceDocument, locale: string): Layout {
  const t = translator(locale, 'document');
  const { localeCode } = languageOf(locale);
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  const money = (minor: number) =>
    formatPrice(sign * minor, doc.currency, localeCode, { precise: true });
  const { date, percent, regions } = formatsOf(localeCode);
  const country = regions.of(doc.buyer.country);
  const ops: TextOp[] = [];
  const rules: { y: number }[] = [];
  const left = PAGE.margin;
  const half = CONTENT / 2;
  const row = (label: string, value: string, y: number, size = 10) => {
    ops.push({ text: label, x: left, y, width: half, align: 'start', size, muted: true });
    ops.push({ text: value, x: left + half, y, width: half, align: 'end', size });
  };

  ops.push({
    text: doc.kind === 'credit_note' ? t('creditNote') : t('invoice'),
    x: left,
    y: PAGE.margin,
    width: CONTENT,
    align: 'start',
    size: 22,
  });
  let y = 95;
  row(t('number'), doc.numberText, y);
  row(t('date'), date.format(new Date(doc.issuedAt)), (y += 16));
  row(t('order'), doc.orderId.slice(0, 8).toUpperCase(), (y += 16));
  if (doc.creditsNumber) {
    ops.push({
      text: t('credits', { number: doc.creditsNumber }),
      x: left,
      y: (y += 16),
      width: CONTENT,
      align: 'start',
      size: 10,
    });
  }

  y += 36;
  const party = (title: string, lines: string[], x: number) => {
    ops.push({ text: title, x, y, width: half - 10, align: 'start', size: 9, muted: true });
    lines.forEach((text, i) =>
      ops.push({ text, x, y: y + 15 + i * 15, width: half - 10, align: 'start', size: 11 }),
    );
    return lines.length;
  };
  const partyLines = Math.max(
    party(t('seller'), sellerLines(doc.seller, t), left),
    party(
      t('buyer'),
      [doc.buyer.email, `${t('country')}: ${country ?? doc.buyer.country}`],
      left + half + 10,
    ),
  );

  y += 35 + partyLines * 15;
  ops.push({ text: t('item'), x: left, y, width: half, align: 'start', size: 9, muted: true });
  ops.push({
    text: t('amount'),
    x: left + half,
    y,
    width: half,
    align: 'end',
    size: 9,
    muted: true,
  });
  rules.push({ y: y + 14 });
  y += 22;
  const issued = new Date(doc.issuedAt);
  for (const line of doc.lines) {
    row(lineTitle(line, locale), money(line.regularMinor), y, 11);
    y += 18;
    if (line.period) {
      const servicePeriod = t('servicePeriod', {
        from: date.format(issued),
        // The first term, extra months included, where the line renews; else the period.
        to: date.format(periodEnd(issued, line.renewal?.after ?? line.period, 1)),
      });
      ops.push({ text: servicePeriod, x: left, y, width: CONTENT, align: 'start', size: 9 });
      y += 18;
    }
    if (line.discountMinor > 0) {
      row(t('discount'), money(-line.discountMinor), y);
      y += 18;
    }
    if (line.creditMinor > 0) {
      row(t('upgradeCredit'), money(-line.creditMinor), y);
      y += 18;
    }
    if (line.renewal) {
      const renews = t('renews', {
        date: date.format(firstRenewalAt(doc, line.renewal.after)),
        amount: money(line.renewal.amountMinor),
        period: periodText(locale, line.renewal.period),
      });
      ops.push({ text: renews, x: left, y, width: CONTENT, align: 'start', size: 9, muted: true });
      y += 18;
    }
  }
  rules.push({ y: y + 2 });
  y += 12;
  row(t('subtotal'), money(doc.subtotalMinor), y);
  // Net, tax per rate and gross (§14 (4) 8 UStG): the net is what the taxes were taken on.
  const netMinor = doc.taxInclusive ? doc.subtotalMinor - doc.taxMinor : doc.subtotalMinor;
  row(t('net'), money(netMinor), (y += 16));
  for (const tax of doc.taxLines) {
    const label = t(doc.taxInclusive ? 'taxIncluded' : 'taxAdded', {
      tax: taxLabel(locale, tax.name),
      rate: percent.format(tax.ratePpm / 1_000_000),
    });
    row(label, money(tax.amountMinor), (y += 16));
  }
  rules.push({ y: (y += 20) });
  row(t('total'), money(doc.totalMinor), (y += 10), 14);
  y += 36;
  // The paid (or refunded) mark and how: an invoice issued on payment is paid on its date.
  const settled = t(doc.kind === 'credit_note' ? 'refunded' : 'paid', {
    date: date.format(issued),
  });
  ops.push({ text: settled, x: left, y, width: CONTENT, align: 'start', size: 14 });
  if (doc.payment) {
    const method = t('paymentMethod', { method: paymentMethod(doc.payment, t) });
    ops.push({ text: method, x: left, y: (y += 22), width: CONTENT, align: 'start', size: 10 });
  }
  if (doc.lines.some((line) => line.renewal)) {
    ops.push({ text: t('cancel'), x: left, y: y + 30, width: CONTENT, align: 'start', size: 9 });
  }
  return { ops, rules };
}

/** Whether the shipped fonts can print every character of the layout. */
function printable({ ops }: Layout): boolean {
  return ops.every((op) => fontRuns(op.text) !== undefined);
}

/** pdfkit's font as it lays out text: each word's glyphs and positions, kept by the word. */
interface LayingFont {
  layoutCache?: Record<string, unknown>;
}

/**
 * Each font's laid-out words, shared by the documents printed: pdfkit keeps them per document,
 * so every invoice shaped its labels again. Started afresh after a number of documents, so the
 * words that differ each time (numbers, dates, addresses) do not pile up.
 */
const sharedLayouts = { documents: 0, byFont: new Map<string, Record<string, unknown>>() };
const DOCUMENTS_PER_LAYOUT_CACHE = 500;

function nextDocumentLayouts(): void {
  if (++sharedLayouts.documents % DOCUMENTS_PER_LAYOUT_CACHE === 0) sharedLayouts.byFont.clear();
}

/** Selects the font, laying its words out once for every document. */
function useFont(pdf: PDFKit.PDFDocument, name: string): PDFKit.PDFDocument {
  pdf.font(name);
  const font = (pdf as unknown as { _font: LayingFont })._font;
  let shared = sharedLayouts.byFont.get(name);
  if (!shared)
    sharedLayouts.byFont.set(name, (shared = Object.create(null) as Record<string, unknown>));
  font.layoutCache = shared;
  return pdf;
}

function drawText(pdf: PDFKit.PDFDocument, op: TextOp, rtl: boolean): void {
  const visual = visualRuns(op.text, rtl) ?? [];
  const widths = visual.map((run) =>
    useFont(pdf, run.font.name).fontSize(op.size).widthOfString(run.text),
  );
  const total = widths.reduce((a, b) => a + b, 0);
  const boxX = rtl ? PAGE.width - op.x - op.width : op.x;
  const atEnd = (op.align === 'end') !== rtl;
  let x = atEnd ? boxX + op.width - total : boxX;
  visual.forEach((run, i) => {
    useFont(pdf, run.font.name)
      .fontSize(op.size)
      .fillColor(op.muted ? '#52525b' : '#18181b')
      .text(run.text, x, op.y, { lineBreak: false });
    x += widths[i] ?? 0;
  });
}

interface EmbeddedFonts {
  _fontFamilies: Record<string, { unicode?: number[][] }>;
}

/**
 * pdfkit's text layer maps a ligature ("تر", "لإ") to its letters in reading order, but an
 * extractor reads a right-to-left line as drawn and reverses it as a whole, which turned
 * "المشتري" into "المشرتي". A right-to-left font's ligatures are therefore mapped in the order
 * they are drawn. (pdfkit has no option for it: its fonts' `unicode` tables are internal.)
 */
function mapLigaturesAsDrawn(pdf: PDFKit.PDFDocument): void {
  const families = (pdf as unknown as EmbeddedFonts)._fontFamilies;
  for (const [name, font] of Object.entries(families)) {
    if (!isRightToLeftFont(name) || !font.unicode) continue;
    font.unicode = font.unicode.map((letters) =>
      letters.length > 1 ? [...letters].reverse() : letters,
    );
  }
}

/** The layout in the document's language, or in English when the fonts cannot print it. */
function printedLayout(doc: InvoiceDocument): { locale: string; content: Layout } {
  const content = layout(doc, doc.locale);
  if (printable(content)) return { locale: doc.locale, content };
  return { locale: DEFAULT_LOCALE, content: layout(doc, DEFAULT_LOCALE) };
}

/** Every text the PDF prints, in logical order: what a reader of the document sees. */
export function printedTexts(doc: InvoiceDocument): string[] {
  return printedLayout(doc).content.ops.map((op) => op.text);
}

/** The document as PDF bytes. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { locale, content } = printedLayout(doc);
  nextDocumentLayouts();
  const rtl = languageOf(locale).rtl;
  const lang = languageOf(locale).localeCode;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    // Created when issued: the same document prints the same bytes (pdfkit's file id is a hash
    // of this info), whenever and wherever it is printed.
    info: {
      Title: `${doc.numberText}`,
      Author: doc.seller.name,
      CreationDate: new Date(doc.issuedAt),
    },
    lang,
    // Tagged, and declared PDF/UA-1 (pdfkit writes its identification and mark info).
    pdfVersion: '1.7',
    // pdfkit 0.20 knows PDF/UA; its @types list the PDF/A subsets only.
    subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    displayTitle: true,
    // No default font: pdfkit would parse Helvetica's metrics for every document, and every
    // text run below names its own font. Its types allow a name only; null is what it checks.
    font: null as unknown as string,
  });
  // pdfkit opens a registered source with a `layout` method as an already parsed font.
  for (const { name, font } of allFonts())
    pdf.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  content.ops.forEach((op, index) => {
    // Each text is a paragraph (the first, the document's title, a heading) whose actual text is
    // the logical string: the glyphs drawn are shaped and reordered, and some Arabic letters
    // share a glyph told apart by dots drawn on their own, so the glyphs alone read as other
    // letters ("الرفم" for "الرقم").
    const element = pdf.struct(index === 0 ? 'H1' : 'P');
    root.add(element);
    const marked = pdf.markStructureContent('Span', { actual: op.text, lang });
    drawText(pdf, op, rtl);
    pdf.endMarkedContent();
    element.add(marked);
    element.end();
  });
  for (const rule of content.rules) {
    pdf.markContent('Artifact', { type: 'Layout' });
    pdf
      .moveTo(PAGE.margin, rule.y)
      .lineTo(PAGE.width - PAGE.margin, rule.y)
      .lineWidth(0.5)
      .strokeColor('#d4d4d8')
      .stroke();
    pdf.endMarkedContent();
  }
  root.end();
  mapLigaturesAsDrawn(pdf);
  pdf.end();
  await done;
  return Buffer.concat(chunks);
}
