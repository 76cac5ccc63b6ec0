import { describe, expect, it } from 'vitest';
import { formatDocumentNumber, splitProportionally } from './invoice-document';

describe('splitting an order’s tax over its sellers', () => {
  it.each([
    { total: 100, weights: [1, 1, 1], parts: [34, 33, 33] },
    { total: 956, weights: [5988, 0], parts: [956, 0] },
    { total: 1, weights: [3, 3], parts: [1, 0] },
    { total: 0, weights: [10, 20], parts: [0, 0] },
    { total: 7, weights: [0, 0], parts: [7, 0] },
    { total: 1999, weights: [7788, 2388], parts: [1530, 469] },
  ])('splits $total over $weights as $parts, losing no unit', ({ total, weights, parts }) => {
    const split = splitProportionally(total, weights);
    expect(split).toEqual(parts);
    expect(split.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

describe('document numbers', () => {
  it('prints merchant, year and a six-digit sequence; credit notes in a series of their own', () => {
    expect(formatDocumentNumber('aegis_vpn', 'invoice', 2026, 42)).toBe('AEGIS_VPN-2026-000042');
    expect(formatDocumentNumber('aegis_vpn', 'credit_note', 2026, 7)).toBe(
      'AEGIS_VPN-CN-2026-000007',
    );
  });
});
