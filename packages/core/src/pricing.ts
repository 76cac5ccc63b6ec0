/** Price math on integer minor units: per-month prices, discounts, decimal strings. */
import { decimalPlaces, type Currency } from './currencies';
import type { Period } from './catalog';

/** Whole months in a period; day and week periods have none and are priced per period. */
export function monthsIn(period: Pick<Period, 'interval' | 'unit'>): number {
  if (period.unit === 'Year') return period.interval * 12;
  if (period.unit === 'Month') return period.interval;
  return 0;
}

/** The per-month ("atomic") price, rounded half up to the minor unit. */
export function perMonthMinor(
  totalMinor: number,
  period: Pick<Period, 'interval' | 'unit'>,
): number {
  const months = monthsIn(period);
  return months > 0 ? Math.round(totalMinor / months) : totalMinor;
}

/** Whole-percent discount of `amount` against `before` (0 when there is none). */
export function percentageDiscount(amount: number, before: number): number {
  if (before <= 0 || amount >= before) return 0;
  return Math.round(((before - amount) * 100) / before);
}

/** Exact decimal string of a minor-unit amount: 5988 USD → "59.88", 9000 JPY → "9000". */
export function toDecimalString(minor: number, currency: Currency): string {
  const places = decimalPlaces(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(places + 1, '0');
  return places === 0
    ? `${sign}${digits}`
    : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Applies a percentage off, rounding the discounted amount half up. */
export function applyPercentOff(minor: number, percent: number): number {
  return Math.round((minor * (100 - percent)) / 100);
}
