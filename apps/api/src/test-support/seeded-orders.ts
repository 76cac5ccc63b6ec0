/**
 * The snapshot of a first order that tests and benches seed by the thousand with SQL: the yearly
 * VPN plan bought in Germany for EUR 91.99, VAT included, as a real order records it (renewals
 * draw their own order's line and tax from it).
 */
export const YEARLY_VPN_ORDER = JSON.stringify({
  currency: 'EUR',
  country: 'DE',
  lines: [
    {
      kind: 'main',
      plan: 'vpn-basic-1y',
      tier: 'Basic',
      period: { identifier: '1y', interval: 1, unit: 'Year' },
      amountMinor: 9199,
      beforeDiscountMinor: 9199,
    },
  ],
  subtotalMinor: 9199,
  totalMinor: 9199,
  tax: {
    inclusive: true,
    lines: [{ name: 'VAT', ratePpm: 190000, amountMinor: 1469 }],
    taxMinor: 1469,
    totalMinor: 9199,
    effectiveDate: '2026-01-01',
  },
});
