/** Test helper: invoice documents as billing's issuing hands them to the PDF printer. */
import type { InvoiceDocument, InvoiceLine } from '../modules/billing/invoice-document';

/** The one-year Plus plan at EUR/USD 99.99 less `discountMinor`, renewing yearly at full price. */
export const plusYearLine = (discountMinor: number): InvoiceLine => ({
  plan: 'vpn-plus-1y',
  title: 'Plus · 1 year',
  product: 'Aegis VPN',
  tier: 'Plus',
  period: { interval: 1, unit: 'Year' },
  regularMinor: 9999,
  discountMinor,
  creditMinor: 0,
  amountMinor: 9999 - discountMinor,
  renewal: {
    amountMinor: 9999,
    period: { interval: 1, unit: 'Year' },
    after: { interval: 1, unit: 'Year' },
  },
});

/** A paid one-year Plus plan with its renewal, sold by the VPN company, in `locale`. */
export const renewalInvoice = (locale: string, n = 1): InvoiceDocument => ({
  kind: 'invoice',
  numberText: `AEGIS_VPN-2026-00007${n}`,
  issuedAt: '2026-11-27T10:00:00Z',
  orderId: `${n}f1c2b9a-0000-4000-8000-000000000000`,
  seller: { id: 'aegis_vpn', name: 'Aegis VPN Ltd.', address: ['Agiou Pavlou 15', '1105 Nicosia'] },
  buyer: { email: 'anna@example.com', country: 'IL', region: null, postalCode: null },
  currency: 'EUR',
  locale,
  lines: [plusYearLine(0)],
  discountMinor: 0,
  subtotalMinor: 9999,
  taxInclusive: true,
  taxLines: [{ name: 'vat', ratePpm: 180_000, amountMinor: 1525 }],
  taxMinor: 1525,
  totalMinor: 9999,
  payment: { provider: 'card', cardBrand: 'VISA', cardLast4: '4242' },
});
