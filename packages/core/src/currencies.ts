/** The 20 currencies we sell in (spec §9), their decimal places and display rules. */
export const CURRENCIES = [
  'AUD',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'DKK',
  'IDR',
  'EUR',
  'GBP',
  'JPY',
  'KRW',
  'NOK',
  'PLN',
  'SEK',
  'USD',
  'VND',
  'MXN',
  'SGD',
  'HKD',
  'TWD',
] as const;

export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'USD';

const ZERO_DECIMAL: ReadonlySet<Currency> = new Set(['JPY', 'KRW']);

/** Shown without fraction digits unless a precise amount is requested. */
export const ZERO_FRACTION_DISPLAY: ReadonlySet<Currency> = new Set([
  'NOK',
  'DKK',
  'SEK',
  'MXN',
  'SGD',
  'HKD',
  'TWD',
]);

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Parses a currency code case-insensitively; anything else gives the default. */
export function toCurrency(value: string | null | undefined): Currency {
  const upper = value?.toUpperCase();
  return isCurrency(upper) ? upper : DEFAULT_CURRENCY;
}

export function decimalPlaces(currency: Currency): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}
