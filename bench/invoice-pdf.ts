/**
 * CPU per printed invoice: every paid order's receipt mail carries its invoice as a PDF, drawn
 * on the api's own cores. Renders one sample invoice 300 times per language, after a warm-up.
 *   npx tsx bench/invoice-pdf.ts [--count 300]
 */
import type { InvoiceDocument } from '../apps/api/src/modules/billing/invoice-document';
import { renderInvoicePdf } from '../apps/api/src/modules/billing/invoice-pdf';

const countAt = process.argv.indexOf('--count');
const count = countAt > 0 ? Number(process.argv[countAt + 1]) : 300;

const sample = (locale: string): InvoiceDocument => ({
  kind: 'invoice',
  numberText: 'AV-2026-000123',
  issuedAt: '2026-11-26T10:00:00Z',
  orderId: '0b6f4d1e-5a4c-4f3e-9d2a-7c1b8e6f5a40',
  seller: { id: 'aegis_vpn', name: 'Aegis VPN Ltd' },
  buyer: { email: 'shopper@example.com', country: 'US', region: 'US-CA', postalCode: '94016' },
  currency: 'USD',
  locale,
  lines: [
    {
      plan: 'vpn-plus-1y',
      title: 'Plus · 1 year',
      regularMinor: 9999,
      discountMinor: 2000,
      creditMinor: 0,
      amountMinor: 7999,
    },
  ],
  discountMinor: 2000,
  subtotalMinor: 7999,
  taxInclusive: false,
  taxLines: [{ name: 'salesTax', ratePpm: 72_500, amountMinor: 580 }],
  taxMinor: 580,
  totalMinor: 8579,
});

const results: Record<string, { cpuMsPerPdf: number; bytes: number }> = {};
for (const locale of ['en', 'de', 'ar']) {
  const doc = sample(locale);
  for (let i = 0; i < 30; i += 1) await renderInvoicePdf(doc);
  const start = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < count; i += 1) bytes += (await renderInvoicePdf(doc)).length;
  const used = process.cpuUsage(start);
  results[locale] = {
    cpuMsPerPdf: Number(((used.user + used.system) / 1000 / count).toFixed(2)),
    bytes: Math.round(bytes / count),
  };
}
console.log(JSON.stringify({ bench: 'invoice-pdf', count, results }));
