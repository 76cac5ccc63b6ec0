import { describe, expect, it } from 'vitest';
import { ADYEN_EXPONENTS, fromAdyenValue, toAdyenAmount } from './adyen-amounts';
import { CURRENCIES, decimalPlaces } from './currencies';

describe("Adyen's amounts", () => {
  // Adyen's documented minor units (docs.adyen.com, "Currency codes and minor units").
  it.each([
    ['AUD', 2],
    ['BRL', 2],
    ['CAD', 2],
    ['CHF', 2],
    ['CNY', 2],
    ['DKK', 2],
    ['IDR', 0],
    ['EUR', 2],
    ['GBP', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['NOK', 2],
    ['PLN', 2],
    ['SEK', 2],
    ['USD', 2],
    ['VND', 0],
    ['MXN', 2],
    ['SGD', 2],
    ['HKD', 2],
    ['TWD', 2],
  ] as const)('%s has %i decimals at Adyen', (currency, exponent) => {
    expect(ADYEN_EXPONENTS[currency]).toBe(exponent);
    const minor = 123_400;
    const value = toAdyenAmount(minor, currency).value;
    expect(value).toBe(minor / 10 ** (decimalPlaces(currency) - exponent));
    expect(fromAdyenValue(value, currency)).toBe(minor);
  });

  it('covers every currency we sell in', () => {
    expect(Object.keys(ADYEN_EXPONENTS).sort()).toEqual([...CURRENCIES].sort());
  });

  it('divides our rupiah and dong cents away, and refuses a fraction Adyen cannot carry', () => {
    expect(toAdyenAmount(14_900_000, 'IDR')).toEqual({ value: 149_000, currency: 'IDR' });
    expect(toAdyenAmount(0, 'VND')).toEqual({ value: 0, currency: 'VND' });
    expect(toAdyenAmount(1499, 'EUR')).toEqual({ value: 1499, currency: 'EUR' });
    expect(() => toAdyenAmount(14_900_050, 'IDR')).toThrow(/no Adyen amount/);
  });
});
