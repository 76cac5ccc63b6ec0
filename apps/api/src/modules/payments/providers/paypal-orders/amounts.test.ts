import { describe, expect, it } from 'vitest';
import { fromPayPalMoney, toPayPalMoney } from './amounts';

describe("PayPal's currency precision", () => {
  it.each([
    [4999, 'EUR', '49.99'],
    [5, 'USD', '0.05'],
    [1200, 'JPY', '1200'],
    [99900, 'TWD', '999'],
  ] as const)('%i minor %s is %s', (minor, currency, value) => {
    const money = toPayPalMoney(minor, currency);
    expect(money).toEqual({ currency_code: currency, value });
    expect(fromPayPalMoney(money, currency)).toBe(minor);
  });

  it('refuses an amount PayPal cannot represent, and reads no foreign or malformed value', () => {
    expect(() => toPayPalMoney(12345, 'TWD')).toThrow(/no PayPal amount/);
    expect(fromPayPalMoney({ currency_code: 'JPY', value: '12.5' }, 'JPY')).toBeUndefined();
    expect(fromPayPalMoney({ currency_code: 'USD', value: '1.00' }, 'EUR')).toBeUndefined();
  });
});
