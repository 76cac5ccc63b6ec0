import { COUNTRIES } from './countries';
import { DEFAULT_CURRENCY, isCurrency, type Currency } from './currencies';

/** Country handling shared by the shell and (later) taxes and address layouts. */
export const DEFAULT_COUNTRY = 'US';

/**
 * One of the COUNTRIES, upper case; anything else (a CDN's XX or T1, geoip's EU, ZZ) is not a
 * country we can use: the cart would refuse it.
 */
export function normalizeCountry(value: string | null | undefined): string | undefined {
  const upper = value?.trim().toUpperCase();
  // 'UK' is exceptionally reserved for the United Kingdom, whose ISO code is GB.
  const code = upper === 'UK' ? 'GB' : upper;
  return code && COUNTRIES.includes(code) ? code : undefined;
}

const EURO_COUNTRIES = [
  'AT',
  'BE',
  'HR',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
];

/** Each market's own currency, where we sell in it; everyone else pays in US dollars. */
const COUNTRY_CURRENCY: Readonly<Record<string, Currency>> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((c) => [c, 'EUR' as const])),
  US: 'USD',
  AU: 'AUD',
  BR: 'BRL',
  CA: 'CAD',
  CH: 'CHF',
  LI: 'CHF',
  CN: 'CNY',
  DK: 'DKK',
  ID: 'IDR',
  GB: 'GBP',
  JP: 'JPY',
  KR: 'KRW',
  NO: 'NOK',
  PL: 'PLN',
  SE: 'SEK',
  VN: 'VND',
  MX: 'MXN',
  SG: 'SGD',
  HK: 'HKD',
  TW: 'TWD',
};

export function currencyForCountry(country: string): Currency {
  return COUNTRY_CURRENCY[country] ?? DEFAULT_CURRENCY;
}

/** The `currency` parameter when it names a currency we sell in, else the country's own. */
export function resolveCurrency(param: string | null | undefined, country: string): Currency {
  const upper = param?.toUpperCase();
  return isCurrency(upper) ? upper : currencyForCountry(country);
}

/** 'Your privacy choices' is for US visitors; everyone else gets 'Cookie preferences'. */
export function privacyButtonKind(country: string): 'usPrivacyChoices' | 'cookiePreferences' {
  return country === 'US' ? 'usPrivacyChoices' : 'cookiePreferences';
}
