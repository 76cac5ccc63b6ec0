/** Money is integer minor units; these turn it into major units and display strings. */
import { decimalPlaces, ZERO_FRACTION_DISPLAY, type Currency } from './currencies';

/** Truncates the minor-unit amount, then divides by the currency's power of ten. */
export function toMajorUnits(minor: number, currency: Currency): number {
  return Math.trunc(minor) / 10 ** decimalPlaces(currency);
}

export interface FormatOptions {
  /** Show every fraction digit even for currencies normally displayed without them. */
  precise?: boolean;
}

function fractionDigits(currency: Currency, precise: boolean): number {
  const places = decimalPlaces(currency);
  // Zero-fraction display currencies never show cents (spec §9); Intl rounds to the whole unit.
  return precise || !ZERO_FRACTION_DISPLAY.has(currency) ? places : 0;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: Currency, digits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, found);
  }
  return found;
}

/** Intl marks the prices of right-to-left languages with a right-to-left mark. */
const RIGHT_TO_LEFT_MARK = '\u200F';
/** A symbol spelled with Latin letters and a currency sign: "US$", "CA$", "MX$". */
const LATIN_SYMBOL = /(\p{Script=Latin}+\p{Sc})/gu;

/**
 * Formats integer minor units for display in a locale, e.g. 1199 USD en → "$11.99". In a
 * right-to-left language the currency sign of "US$" is a neutral character between Latin
 * letters and the paragraph's end, so the bidi algorithm drew it right to left ("$US 12.99"):
 * a left-to-right mark after it keeps the symbol whole.
 */
export function formatPrice(
  minor: number,
  currency: Currency,
  locale: string,
  options: FormatOptions = {},
): string {
  const digits = fractionDigits(currency, options.precise ?? false);
  const text = formatter(locale, currency, digits).format(toMajorUnits(minor, currency));
  return text.includes(RIGHT_TO_LEFT_MARK) ? text.replace(LATIN_SYMBOL, '$1\u200E') : text;
}
