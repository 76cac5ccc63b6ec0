/**
 * CPU per receipt mail: every paid order's receipt is rendered from React Email templates to
 * HTML and text on the api's own cores, beside its invoice PDF (bench/invoice-pdf.ts). Renders
 * one sample receipt `--count` times per language, after a warm-up.
 *   npx tsx bench/receipt-mail.ts [--count 300]
 */
import { receiptMail } from '../apps/api/src/modules/billing/emails/billing-mails';

const countAt = process.argv.indexOf('--count');
const count = countAt > 0 ? Number(process.argv[countAt + 1]) : 300;

const sample = (locale: string) => ({
  locale,
  orderId: '0b6f4d1e-5a4c-4f3e-9d2a-7c1b8e6f5a40',
  amountMinor: 8579,
  currency: 'USD' as const,
  numbers: ['AV-2026-000123'],
  sellers: ['Aegis VPN Ltd'],
  accountUrl: `https://checkout.example/${locale}/dashboard/`,
  renewals: [
    {
      item: 'Plus · 1 year',
      amountMinor: 9999,
      currency: 'USD' as const,
      period: { interval: 1, unit: 'Year' as const },
      renewsAt: '2027-11-26T10:00:00Z',
    },
  ],
});

const results: Record<string, { cpuMsPerMail: number; htmlBytes: number }> = {};
for (const locale of ['en', 'de', 'ar']) {
  const input = sample(locale);
  for (let i = 0; i < 30; i += 1) await receiptMail(input);
  const start = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < count; i += 1) bytes += (await receiptMail(input)).html.length;
  const used = process.cpuUsage(start);
  results[locale] = {
    cpuMsPerMail: Number(((used.user + used.system) / 1000 / count).toFixed(2)),
    htmlBytes: Math.round(bytes / count),
  };
}
console.log(JSON.stringify({ bench: 'receipt-mail', count, results }));
