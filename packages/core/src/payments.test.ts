import { describe, expect, it } from 'vitest';
import { PAYMENT_PROVIDERS, providersFor } from './payment-providers';

describe('payment providers', () => {
  it('lists every provider of the spec once (about 45)', () => {
    const ids = PAYMENT_PROVIDERS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The spec's 47, and the manual bank transfer (offered only where its adapter is configured).
    expect(ids.length).toBe(48);
    expect(ids).toContain('bank_transfer');
    expect(ids.filter((id) => id.startsWith('adyen_'))).toHaveLength(20);
    expect(ids.filter((id) => id.startsWith('payssion_'))).toHaveLength(5);
    expect(ids).toContain('stripe_ach');
  });

  it('offers iDEAL in the Netherlands in euro, not in Germany', () => {
    const nl = providersFor('payment', { country: 'NL', currency: 'EUR', amountMinor: 5988 }).map(
      (p) => p.id,
    );
    const de = providersFor('payment', { country: 'DE', currency: 'EUR', amountMinor: 5988 }).map(
      (p) => p.id,
    );
    expect(nl).toContain('adyen_ideal');
    expect(de).not.toContain('adyen_ideal');
    expect(de).toContain('adyen_sofort');
  });

  it('keeps one-click wallets apart from regular providers', () => {
    const oneClick = providersFor('one_click_payment', {
      country: 'US',
      currency: 'USD',
      amountMinor: 5988,
    });
    expect(oneClick.map((p) => p.id)).toEqual([
      'adyen_applepay',
      'adyen_googlepay',
      'amazon_pay_widget',
      'inhouse_applepay',
      'paypal_incontext',
    ]);
  });

  it('respects minimum amounts', () => {
    const small = providersFor('payment', { country: 'US', currency: 'USD', amountMinor: 99 }).map(
      (p) => p.id,
    );
    expect(small).not.toContain('coingate');
  });
});

// The order status machine is tested pair by pair in orders.test.ts.
