import { describe, expect, it } from 'vitest';
import { CURRENCIES, decimalPlaces } from './currencies';
import { customaryAmount, localizeUsd } from './price-localization';
import {
  applyPercentOff,
  monthsIn,
  percentageDiscount,
  perMonthMinor,
  toDecimalString,
} from './pricing';

describe('price math', () => {
  it.each([
    [{ interval: 1, unit: 'Month' }, 1],
    [{ interval: 1, unit: 'Year' }, 12],
    [{ interval: 2, unit: 'Year' }, 24],
    [{ interval: 7, unit: 'Day' }, 0],
  ] as const)('%o has %i months', (period, months) => {
    expect(monthsIn(period)).toBe(months);
  });

  it.each([
    [5988, { interval: 1, unit: 'Year' }, 499],
    [8376, { interval: 2, unit: 'Year' }, 349],
    [9000, { interval: 1, unit: 'Year' }, 750],
    [1000, { interval: 3, unit: 'Month' }, 333],
    [500, { interval: 7, unit: 'Day' }, 500],
  ] as const)('%i over %o is %i per month', (total, period, perMonth) => {
    expect(perMonthMinor(total, period)).toBe(perMonth);
  });

  it.each([
    [8376, 31176, 73],
    [1299, 1299, 0],
    [1500, 1000, 0],
    [0, 0, 0],
    [50, 100, 50],
  ])('%i against %i is %i%% off', (amount, before, percent) => {
    expect(percentageDiscount(amount, before)).toBe(percent);
  });

  it.each(CURRENCIES.map((c) => [c, decimalPlaces(c) === 0 ? '12345' : '123.45'] as const))(
    '12345 minor units of %s read %s',
    (currency, text) => {
      expect(toDecimalString(12345, currency)).toBe(text);
    },
  );

  it('writes small and negative amounts exactly', () => {
    expect(toDecimalString(5, 'EUR')).toBe('0.05');
    expect(toDecimalString(-1999, 'USD')).toBe('-19.99');
    expect(toDecimalString(0, 'JPY')).toBe('0');
  });

  it('applies a percentage off rounding half up', () => {
    expect(applyPercentOff(5988, 20)).toBe(4790);
    expect(applyPercentOff(1000, 100)).toBe(0);
  });
});

describe('local price points', () => {
  it.each([
    [4.59, 'cents9', 4.59],
    [3.49, 'cents9', 3.49],
    [4.62, 'cents9', 4.59],
    [4.39, 'tenths', 4.4],
    [53.9, 'end9', 49],
    [56, 'end9', 59],
    [38.9, 'end8', 38],
    [748.5, 'end0', 750],
    [6886, 'hundreds', 6900],
    [79840, 'thousands', 80000],
    [0.2, 'end0', 10],
  ] as const)('%d in style %s becomes %d', (major, style, expected) => {
    expect(customaryAmount(major, style)).toBeCloseTo(expected, 6);
  });

  it('keeps whole yen and won, and USD prices as written', () => {
    expect(localizeUsd(4.99, 'JPY', { rate: 150, style: 'end0' })).toBe(750);
    expect(localizeUsd(4.99, 'KRW', { rate: 1380, style: 'hundreds' })).toBe(6900);
    expect(localizeUsd(3.49, 'USD', { rate: 1, style: 'cents9' })).toBe(349);
    expect(localizeUsd(4.99, 'NOK', { rate: 10.8, style: 'end9' })).toBe(4900);
  });
});
