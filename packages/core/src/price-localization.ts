/**
 * Turns a USD price into a local price point that looks like one a shopper in that market
 * expects: cents ending in 9 (4.99, 3.49), tenths for francs and reais, whole crowns ending in 9, yen in tens, won in hundreds, rupiah
 * and dong in thousands. Used to generate data/catalog/price-points.json.
 */
import { decimalPlaces, type Currency } from './currencies';

export const PRICE_STYLES = [
  'cents9',
  'tenths',
  'end9',
  'end8',
  'end0',
  'whole',
  'hundreds',
  'thousands',
] as const;
export type PriceStyle = (typeof PRICE_STYLES)[number];

export interface MarketRate {
  rate: number;
  style: PriceStyle;
}

/** A major-unit amount rounded to the market's customary ending (never below the smallest). */
export function customaryAmount(major: number, style: PriceStyle): number {
  switch (style) {
    case 'cents9':
      return Math.max(1, Math.round(major * 10)) / 10 - 0.01;
    case 'tenths':
      return Math.max(1, Math.round(major * 10)) / 10;
    case 'end9':
      return Math.max(1, Math.round((major + 1) / 10)) * 10 - 1;
    case 'end8':
      return Math.max(1, Math.round((major + 2) / 10)) * 10 - 2;
    case 'end0':
      return Math.max(1, Math.round(major / 10)) * 10;
    case 'whole':
      return Math.max(1, Math.round(major));
    case 'hundreds':
      return Math.max(1, Math.round(major / 100)) * 100;
    case 'thousands':
      return Math.max(1, Math.round(major / 1000)) * 1000;
  }
}

/** USD major units → local minor units with the market's ending. */
export function localizeUsd(usd: number, currency: Currency, market: MarketRate): number {
  const major = customaryAmount(usd * market.rate, market.style);
  return Math.round(major * 10 ** decimalPlaces(currency));
}
