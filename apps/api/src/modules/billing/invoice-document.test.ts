import { describe, expect, it } from 'vitest';
import type { CartView } from '@checkout/core';
import { draftDocuments, firstRenewalAt, formatDocumentNumber } from './invoice-document';

describe('document numbers', () => {
  it('prints merchant, year and a six-digit sequence; credit notes in a series of their own', () => {
    expect(formatDocumentNumber('aegis_vpn', 'invoice', 2026, 42)).toBe('AEGIS_VPN-2026-000042');
    expect(formatDocumentNumber('aegis_vpn', 'credit_note', 2026, 7)).toBe(
      'AEGIS_VPN-CN-2026-000007',
    );
  });
});

describe('an upgrade order’s invoice', () => {
  it('takes the credit for unused time off its line, so the invoice adds up to what was charged', () => {
    const snapshot = {
      id: 'cart',
      status: 'completed',
      currency: 'EUR',
      country: 'DE',
      region: null,
      postalCode: null,
      email: 'a@example.com',
      coupon: null,
      lines: [
        {
          kind: 'main',
          plan: 'vpn-basic-1y',
          tier: 'Basic',
          period: { identifier: '1y', interval: 1, unit: 'Year' },
          amountMinor: 5988,
          beforeDiscountMinor: 15588,
        },
      ],
      upgrade: { subscriptionId: 'sub', fromPlan: 'vpn-basic-1m', creditMinor: 1250 },
      regularMinor: 15588,
      discountMinor: 9600,
      subtotalMinor: 4738,
      tax: {
        inclusive: true,
        lines: [{ name: 'vat', ratePpm: 190_000, amountMinor: 756 }],
        taxMinor: 756,
        totalMinor: 4738,
        effectiveDate: '2026-01-01',
      },
      totalMinor: 4738,
    } satisfies CartView;
    const order = { id: 'o', email: 'a@example.com', currency: 'EUR' as const, country: 'DE' };
    const seller = { id: 'aegis_vpn', name: 'Aegis VPN' };
    const [doc] = draftDocuments(
      { ...order, snapshot },
      'invoice',
      () => ({ title: 'Basic', seller }),
      'en',
    );
    expect(doc!.lines).toEqual([
      expect.objectContaining({ discountMinor: 9600, creditMinor: 1250, amountMinor: 4738 }),
    ]);
    expect(doc).toMatchObject({ subtotalMinor: 4738, taxMinor: 756, totalMinor: 4738 });
  });

  it('credits at most the line’s price, as the cart charges nothing below zero', () => {
    // A yearly plan just bought, upgraded to a longer plan on a promotion cheaper than its credit.
    const line = {
      kind: 'main' as const,
      plan: 'vpn-basic-2y',
      tier: 'Basic',
      period: { identifier: '2y', interval: 2, unit: 'Year' as const },
      amountMinor: 8376,
      beforeDiscountMinor: 8376,
    };
    const snapshot = {
      lines: [line],
      upgrade: { subscriptionId: 'sub', fromPlan: 'vpn-basic-1y', creditMinor: 9900 },
      tax: { inclusive: true, lines: [{ name: 'vat', ratePpm: 190_000, amountMinor: 0 }] },
    } as unknown as CartView;
    const order = { id: 'o', email: 'a@example.com', currency: 'EUR' as const, country: 'DE' };
    const seller = { id: 'aegis_vpn', name: 'Aegis VPN' };
    const [doc] = draftDocuments(
      { ...order, snapshot },
      'invoice',
      () => ({ title: 'Basic', seller }),
      'en',
    );
    expect(doc!.lines).toEqual([expect.objectContaining({ creditMinor: 8376, amountMinor: 0 })]);
    expect(doc).toMatchObject({ subtotalMinor: 0, taxMinor: 0, totalMinor: 0 });
  });
});

describe('an invoice line’s renewal', () => {
  it('renews after the period bought, then at the renewal plan’s price and period; a credit note has none', () => {
    const line = {
      kind: 'main' as const,
      plan: 'vpn-basic-2y',
      tier: 'Basic',
      period: { identifier: '2y', interval: 2, unit: 'Year' as const },
      amountMinor: 8376,
      beforeDiscountMinor: 8376,
    };
    const snapshot = {
      lines: [line],
      tax: { inclusive: true, lines: [] },
      region: null,
      postalCode: null,
    } as unknown as CartView;
    const order = { id: 'o', email: 'a@example.com', currency: 'USD' as const, country: 'US' };
    const facts = () => ({
      title: 'Basic · 2 years',
      seller: { id: 'aegis_vpn', name: 'Aegis VPN' },
      renewal: { amountMinor: 9999, period: { interval: 1, unit: 'Year' as const } },
    });
    const [invoice] = draftDocuments({ ...order, snapshot }, 'invoice', facts, 'en');
    expect(invoice!.lines[0]!.renewal).toEqual({
      amountMinor: 9999,
      period: { interval: 1, unit: 'Year' },
      after: { interval: 2, unit: 'Year' },
    });
    expect(
      firstRenewalAt({ issuedAt: '2026-02-28T10:00:00Z' }, { interval: 2, unit: 'Year' }),
    ).toEqual(new Date('2028-02-28T10:00:00Z'));
    const [note] = draftDocuments({ ...order, snapshot }, 'credit_note', facts, 'en');
    expect(note!.lines[0]!.renewal).toBeUndefined();
  });
});

describe('an invoice line’s first term', () => {
  it('counts the extra months the plan gives before the first renewal', () => {
    const snapshot = {
      lines: [
        {
          kind: 'main' as const,
          plan: 'vpn-basic-2y',
          tier: 'Basic',
          period: { identifier: '2y', interval: 2, unit: 'Year' as const },
          amountMinor: 8376,
          beforeDiscountMinor: 8376,
        },
      ],
      tax: { inclusive: true, lines: [] },
    } as unknown as CartView;
    const facts = () => ({
      title: 'Basic · 2 years',
      seller: { id: 'aegis_vpn', name: 'Aegis VPN' },
      extraPeriod: { interval: 3, unit: 'Month' as const },
      renewal: { amountMinor: 9999, period: { interval: 1, unit: 'Year' as const } },
    });
    const order = { id: 'o', email: 'a@example.com', currency: 'USD' as const, country: 'US' };
    const [invoice] = draftDocuments({ ...order, snapshot }, 'invoice', facts, 'en');
    const renewal = invoice!.lines[0]!.renewal!;
    expect(renewal.after).toEqual({ interval: 27, unit: 'Month' });
    expect(firstRenewalAt({ issuedAt: '2026-11-30T10:00:00Z' }, renewal.after)).toEqual(
      new Date('2029-02-28T10:00:00Z'),
    );
  });
});
