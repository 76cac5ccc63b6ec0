import bidiFactory from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, decimalPlaces, toCurrency, ZERO_FRACTION_DISPLAY } from './currencies';
import { formatPrice, toMajorUnits } from './money';

describe('currencies', () => {
  it('sells in exactly the 20 currencies of the spec, USD by default', () => {
    expect(CURRENCIES).toHaveLength(20);
    expect(toCurrency(undefined)).toBe('USD');
    expect(toCurrency('eur')).toBe('EUR');
    expect(toCurrency('XYZ')).toBe('USD');
  });

  it.each(CURRENCIES.map((c) => [c, c === 'JPY' || c === 'KRW' ? 0 : 2] as const))(
    '%s has %i decimal places',
    (currency, places) => {
      expect(decimalPlaces(currency)).toBe(places);
    },
  );

  it('displays NOK, DKK, SEK, MXN, SGD, HKD and TWD without fraction digits', () => {
    expect([...ZERO_FRACTION_DISPLAY].sort()).toEqual(
      ['DKK', 'HKD', 'MXN', 'NOK', 'SEK', 'SGD', 'TWD'].sort(),
    );
  });
});

describe('minor-unit normalisation', () => {
  it.each([
    [1199, 'USD', 11.99],
    [1199.9, 'USD', 11.99],
    [1500, 'JPY', 1500],
    [12900, 'KRW', 12900],
    [4900, 'NOK', 49],
    [-250, 'EUR', -2.5],
  ] as const)('%d %s minor units is %d', (minor, currency, major) => {
    expect(toMajorUnits(minor, currency)).toBe(major);
  });
});

describe('formatPrice', () => {
  // Intl output uses narrow no-break spaces in some locales; compare with plain spaces.
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

  it.each([
    [1199, 'USD', 'en-US', false, '$11.99'],
    [1199, 'EUR', 'de-DE', false, '11,99 €'],
    [1199, 'EUR', 'fr-FR', false, '11,99 €'],
    [1500, 'JPY', 'ja-JP', false, '￥1,500'],
    [12900, 'KRW', 'ko-KR', false, '₩12,900'],
    [4900, 'NOK', 'nb-NO', false, '49 kr'],
    [4900, 'NOK', 'nb-NO', true, '49,00 kr'],
    // Never cents in a zero-fraction display currency, even when the amount has them.
    [4950, 'SEK', 'sv-SE', false, '50 kr'],
    [4950, 'SEK', 'sv-SE', true, '49,50 kr'],
    [129, 'DKK', 'da-DK', false, '1 kr.'],
    [999, 'GBP', 'en-GB', false, '£9.99'],
    [1999, 'BRL', 'pt-BR', false, 'R$ 19,99'],
  ] as const)('%d %s in %s (precise: %s) reads %s', (minor, currency, locale, precise, text) => {
    expect(plain(formatPrice(minor, currency, locale, { precise }))).toBe(text);
  });
});

describe('prices on a right-to-left page', () => {
  const bidi = bidiFactory();
  /** What a right-to-left paragraph shows, from the left, as the Unicode bidi algorithm orders it. */
  const shown = (text: string) =>
    bidi
      .getReorderedString(text, bidi.getEmbeddingLevels(text, 'rtl'))
      .replace(/[\u061c\u200e\u200f\u00a0]/g, ' ')
      .replace(/ +/g, ' ')
      .trim();

  // "$US 12.99" (issue 27.14): the dollar sign, neutral, took the paragraph's direction.
  it.each([
    ['USD', 'US$ 12.99'],
    ['CAD', 'CA$ 12.99'],
    ['EUR', '€ 12.99'],
  ] as const)('keeps the symbol of %s whole in Arabic: %s', (currency, text) => {
    expect(shown(formatPrice(1299, currency, 'ar'))).toBe(text);
  });
});
