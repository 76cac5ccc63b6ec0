import { afterAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from './invoice-document';
import { renderInThread } from './document-renderer';
import { renderPool } from './render-pool';

/** A paid one-year Plus plan with its renewal, sold by the VPN company, in `locale`. */
const invoice = (locale: string, n: number): InvoiceDocument => ({
  kind: 'invoice',
  numberText: `AEGIS_VPN-2026-00007${n}`,
  issuedAt: '2026-11-27T10:00:00Z',
  orderId: `${n}f1c2b9a-0000-4000-8000-000000000000`,
  seller: { id: 'aegis_vpn', name: 'Aegis VPN Ltd.', address: ['Agiou Pavlou 15', '1105 Nicosia'] },
  buyer: { email: 'anna@example.com', country: 'IL', region: null, postalCode: null },
  currency: 'EUR',
  locale,
  lines: [
    {
      plan: 'vpn-plus-1y',
      title: 'Plus · 1 year',
      product: 'Aegis VPN',
      tier: 'Plus',
      period: { interval: 1, unit: 'Year' },
      regularMinor: 9999,
      discountMinor: 0,
      creditMinor: 0,
      amountMinor: 9999,
      renewal: {
        amountMinor: 9999,
        period: { interval: 1, unit: 'Year' },
        after: { interval: 1, unit: 'Year' },
      },
    },
  ],
  discountMinor: 0,
  subtotalMinor: 9999,
  taxInclusive: true,
  taxLines: [{ name: 'vat', ratePpm: 180_000, amountMinor: 1525 }],
  taxMinor: 1525,
  totalMinor: 9999,
  payment: { provider: 'card', cardBrand: 'VISA', cardLast4: '4242' },
});

const receipt = (locale: string) => ({
  locale,
  orderId: '6f1c2b9a-0000-4000-8000-000000000000',
  amountMinor: 9999,
  currency: 'EUR' as const,
  numbers: ['AEGIS_VPN-2026-000070'],
  sellers: ['Aegis VPN Ltd.'],
  accountUrl: `https://checkout.example/${locale}/dashboard/`,
  renewals: [
    {
      item: 'Plus · 1 year',
      amountMinor: 9999,
      currency: 'EUR' as const,
      period: { interval: 1, unit: 'Year' as const },
      renewsAt: '2027-11-27T10:00:00Z',
    },
  ],
});

describe('billing’s render pool (worker threads)', () => {
  const pool = renderPool(2);
  afterAll(() => pool.close());

  // Arabic and Hebrew are shaped and mirrored; Japanese has no shipped font and prints in English.
  it.each([['ar'], ['he'], ['ja'], ['de']])(
    '%s: prints the very bytes and mail the api’s own thread prints',
    async (locale) => {
      const [inWorker, inThread] = await Promise.all([
        Promise.all([
          pool.invoicePdf(invoice(locale, 1)),
          pool.receiptMail(receipt(locale)),
          pool.creditNoteMail(receipt(locale)),
        ]),
        Promise.all([
          renderInThread.invoicePdf(invoice(locale, 1)),
          renderInThread.receiptMail(receipt(locale)),
          renderInThread.creditNoteMail(receipt(locale)),
        ]),
      ]);
      expect(Buffer.isBuffer(inWorker[0])).toBe(true);
      expect(inWorker[0].equals(inThread[0])).toBe(true);
      expect(inWorker[1]).toEqual(inThread[1]);
      expect(inWorker[2]).toEqual(inThread[2]);
    },
    60_000,
  );

  it('answers a document it cannot print with the renderer’s own error', async () => {
    const broken = { ...invoice('en', 2), issuedAt: 'not a date' };
    await expect(pool.invoicePdf(broken)).rejects.toThrow(/Invalid time value/);
    await expect(renderInThread.invoicePdf(broken)).rejects.toThrow(/Invalid time value/);
    // The worker is still there for the next document.
    expect((await pool.invoicePdf(invoice('en', 3))).length).toBeGreaterThan(1000);
  }, 60_000);

  it('fails the renders of a worker that dies, and starts another for the next', async () => {
    // A heap too small to load the fonts: the worker dies of it on each start.
    const starved = renderPool(1, { maxOldGenerationSizeMb: 8 });
    try {
      await expect(starved.invoicePdf(invoice('en', 4))).rejects.toThrow(/render worker/);
      await expect(starved.receiptMail(receipt('en'))).rejects.toThrow(/render worker/);
    } finally {
      await starved.close();
    }
  }, 60_000);
});
