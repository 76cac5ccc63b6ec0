/**
 * CPU per paid order's documents (its receipt mail and one invoice PDF) printed in the api's
 * thread and through billing's render pool (worker threads), after a warm-up: the process's CPU
 * (every thread) and the calling thread's own, which is what the api's requests share.
 *   npx tsx bench/billing-render.ts [--count 200] [--workers 1] [--locale en]
 */
import {
  renderInThread,
  type DocumentRenderer,
} from '../apps/api/src/modules/billing/document-renderer';
import type { InvoiceDocument } from '../apps/api/src/modules/billing/invoice-document';
import { renderPool } from '../apps/api/src/modules/billing/render-pool';
import { plusYearLine } from '../apps/api/src/test-support/invoice-documents';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const count = Number(arg('count', '200'));
const workers = Number(arg('workers', '1'));
const locale = arg('locale', 'en');

const invoice = (n: number): InvoiceDocument => ({
  kind: 'invoice',
  numberText: `AEGIS_VPN-2026-${String(n).padStart(6, '0')}`,
  issuedAt: '2026-11-27T10:00:00Z',
  orderId: crypto.randomUUID(),
  seller: { id: 'aegis_vpn', name: 'Aegis VPN Ltd.', address: ['Agiou Pavlou 15', '1105 Nicosia'] },
  buyer: {
    email: `load-${crypto.randomUUID()}@gmail.com`,
    country: 'US',
    region: 'US-CA',
    postalCode: null,
  },
  currency: 'USD',
  locale,
  lines: [plusYearLine(2000)],
  discountMinor: 2000,
  subtotalMinor: 7999,
  taxInclusive: false,
  taxLines: [{ name: 'salesTax', ratePpm: 72_500, amountMinor: 580 }],
  taxMinor: 580,
  totalMinor: 8579,
  payment: { provider: 'card', cardBrand: 'VISA', cardLast4: '4242' },
});

const receipt = (doc: InvoiceDocument) => ({
  locale,
  orderId: doc.orderId,
  amountMinor: doc.totalMinor,
  currency: doc.currency,
  numbers: [doc.numberText],
  sellers: [doc.seller.name],
  accountUrl: `https://checkout.example/${locale}/dashboard/`,
  renewals: [
    {
      item: 'Plus · 1 year',
      amountMinor: 9999,
      currency: doc.currency,
      period: { interval: 1, unit: 'Year' as const },
      renewsAt: '2027-11-27T10:00:00Z',
    },
  ],
});

/** Eight orders' documents at a time, as the outbox sends them. */
async function print(render: DocumentRenderer, orders: number): Promise<void> {
  for (let n = 0; n < orders; n += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, orders - n) }, (_, i) => {
        const doc = invoice(n + i);
        return Promise.all([render.invoicePdf(doc), render.receiptMail(receipt(doc))]);
      }),
    );
  }
}

async function measure(render: DocumentRenderer) {
  await print(render, 40);
  const process0 = process.cpuUsage();
  const thread0 = process.threadCpuUsage();
  const started = performance.now();
  await print(render, count);
  const ms = ({ user, system }: NodeJS.CpuUsage) =>
    Number(((user + system) / 1000 / count).toFixed(2));
  return {
    processCpuMsPerOrder: ms(process.cpuUsage(process0)),
    callingThreadCpuMsPerOrder: ms(process.threadCpuUsage(thread0)),
    wallMsPerOrder: Number(((performance.now() - started) / count).toFixed(2)),
  };
}

const inThread = await measure(renderInThread);
const pool = renderPool(workers);
const inPool = await measure(pool);
await pool.close();
console.log(JSON.stringify({ bench: 'billing-render', count, locale, workers, inThread, inPool }));
