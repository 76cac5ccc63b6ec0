import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from './invoice-document';
import { printedTexts, renderInvoicePdf } from './invoice-pdf';
import { renderPool } from './render-pool';
import { renewalInvoice } from '../../test-support/invoice-documents';

/** A paid one-year Basic plan, sold in Germany by the VPN company, in `locale`. */
const invoice = (locale: string): InvoiceDocument => ({
  kind: 'invoice',
  numberText: 'AEGIS_VPN-2026-000042',
  issuedAt: '2026-11-27T10:00:00Z',
  orderId: '6f1c2b9a-0000-4000-8000-000000000000',
  seller: {
    id: 'aegis_vpn',
    name: 'Aegis VPN Ltd.',
    address: ['Agiou Pavlou 15', '1105 Nicosia', 'Cyprus'],
    vatId: 'CY10000001X',
    registration: 'HE 400001',
  },
  buyer: { email: 'anna@example.com', country: 'DE', region: null, postalCode: '10115' },
  currency: 'EUR',
  locale,
  lines: [
    {
      plan: 'vpn-basic-1y',
      title: 'Basic · 1 year',
      product: 'Aegis VPN',
      tier: 'Basic',
      period: { interval: 1, unit: 'Year' },
      regularMinor: 9199,
      discountMinor: 3691,
      creditMinor: 0,
      amountMinor: 5508,
    },
  ],
  discountMinor: 3691,
  subtotalMinor: 5508,
  taxInclusive: true,
  taxLines: [{ name: 'vat', ratePpm: 190_000, amountMinor: 879 }],
  taxMinor: 879,
  totalMinor: 5508,
  payment: { provider: 'card', cardBrand: 'VISA', cardLast4: '4242' },
});

/** The PDF's text as an extractor reads it (copy, search and screen readers get the same). */
async function extractedText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('the invoice PDF', () => {
  // "الرفم، التارتخ، البانع" for "الرقم، التاريخ، البائع" (issue 27.10): the font drew some
  // letters as one shared shape plus dots, and the text layer named the shape's first letter.
  it.each([
    ['ar', ['فاتورة', 'الرقم', 'التاريخ', 'البائع', 'المشتري', 'الإجمالي']],
    ['he', ['חשבונית', 'מספר', 'תאריך', 'מוכר', 'קונה']],
  ])('%s: the text layer reads the words printed', async (locale, words) => {
    const text = await extractedText(await renderInvoicePdf(invoice(locale)));
    for (const word of words) expect(text, word).toContain(word);
  });

  it('is a tagged PDF/UA document in the invoice’s language', async () => {
    const pdf = await renderInvoicePdf(invoice('de'));
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toContain('<pdfuaid:part>1</pdfuaid:part>');
    const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    const markInfo = (await document.getMarkInfo()) as Map<string, unknown> | null;
    expect(markInfo?.get('Marked')).toBe(true);
    const tree = await (await document.getPage(1)).getStructTree();
    expect(JSON.stringify(tree)).toContain('"role":"H1"');
  });

  it('carries what §14 UStG asks of an invoice, in German', () => {
    // Intl separates amount and currency with a no-break space.
    const texts = printedTexts(invoice('de')).map((text) => text.replace(/\u00a0/g, ' '));
    // The seller in full: name, address, VAT id and registration number.
    expect(texts).toEqual(
      expect.arrayContaining([
        'Aegis VPN Ltd.',
        'Agiou Pavlou 15',
        '1105 Nicosia',
        'USt-IdNr.: CY10000001X',
        'Registernummer: HE 400001',
      ]),
    );
    // What was sold, in the buyer's language, and for which period.
    expect(texts).toContain('Aegis VPN Basic · 1 Jahr');
    expect(texts).not.toContain('Basic · 1 year');
    expect(texts).toContain('Leistungszeitraum: 27. November 2026 – 27. November 2027');
    // Net, tax and gross.
    expect(texts).toEqual(expect.arrayContaining(['Nettobetrag', '46,29 €', '8,79 €', '55,08 €']));
    // How it was paid, and that it was.
    expect(texts).toContain('Zahlungsart: Karte VISA •••• 4242');
    expect(texts).toContain('Bezahlt am 27. November 2026');
  });

  it('marks a credit note refunded, with the seller in full too', () => {
    const texts = printedTexts({
      ...invoice('en'),
      kind: 'credit_note',
      creditsNumber: 'AEGIS_VPN-2026-000042',
    });
    expect(texts).toEqual(
      expect.arrayContaining(['VAT ID: CY10000001X', 'Refunded on November 27, 2026']),
    );
    expect(texts).not.toContain('Paid on November 27, 2026');
  });
  it('prints a document the same after other documents, in other scripts, shaped their words', async () => {
    const first = await renderInvoicePdf(invoice('de'));
    for (const [n, locale] of ['ar', 'he', 'en', 'vi', 'ru', 'de'].entries()) {
      await renderInvoicePdf({
        ...invoice(locale),
        numberText: `AEGIS_VPN-2026-00010${n}`,
        orderId: `${n}a1c2b9a-0000-4000-8000-000000000000`,
      });
    }
    const again = await renderInvoicePdf(invoice('de'));
    // The same bytes: the glyphs embedded, the text drawn and read, the date it was created (the
    // document's, so a receipt sent again attaches the very file sent first).
    expect(again.equals(first)).toBe(true);
    expect(await extractedText(again)).toBe(await extractedText(first));
  });

  // fontkit kept a glyph with the code points of its first use: a letter that one document
  // embedded only as part of another glyph (Turkish ı in Spanish í) was read as nothing in the
  // next document, and Arabic letters were shaped apart, so the bytes depended on the past.
  it('prints a document as a fresh process prints it, after documents with other letters', async () => {
    // Other words than the documents printed before (a buyer in Israel, a renewal, no discount),
    // first in a worker thread of its own, whose fonts have printed nothing before.
    const fresh = renderPool(1);
    try {
      const printedFirst = new Map<string, Buffer>();
      for (const locale of ['ar', 'tr'])
        printedFirst.set(locale, await fresh.invoicePdf(renewalInvoice(locale)));
      for (const locale of ['ar', 'he', 'es', 'en', 'de']) await renderInvoicePdf(invoice(locale));
      for (const [locale, first] of printedFirst) {
        const after = await renderInvoicePdf(renewalInvoice(locale));
        expect(await extractedText(after), locale).toBe(await extractedText(first));
        expect(after.equals(first), locale).toBe(true);
      }
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
