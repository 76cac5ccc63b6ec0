import { afterAll, describe, expect, it } from 'vitest';
import { renderInThread } from './document-renderer';
import { renderPool } from './render-pool';
import { renewalInvoice as invoice } from '../../test-support/invoice-documents';

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
