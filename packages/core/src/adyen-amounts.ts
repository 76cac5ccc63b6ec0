/**
 * Amounts in Adyen's minor units, for the api's calls and adyen-web's wallet sheets alike.
 * Adyen's currency table ("Currency codes and minor units") gives IDR and VND no decimals where
 * ours give them two (JPY and KRW have none on both sides), so those divide by 100. An amount
 * Adyen cannot carry (a fraction of a rupiah) is a catalog error, never rounded away.
 */
import { decimalPlaces, type Currency } from './currencies';

export const ADYEN_EXPONENTS: Readonly<Record<Currency, number>> = {
  AUD: 2,
  BRL: 2,
  CAD: 2,
  CHF: 2,
  CNY: 2,
  DKK: 2,
  IDR: 0,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  KRW: 0,
  NOK: 2,
  PLN: 2,
  SEK: 2,
  USD: 2,
  VND: 0,
  MXN: 2,
  SGD: 2,
  HKD: 2,
  TWD: 2,
};

const scaleOf = (currency: Currency): number =>
  10 ** (decimalPlaces(currency) - ADYEN_EXPONENTS[currency]);

export function toAdyenAmount(
  minor: number,
  currency: Currency,
): { value: number; currency: Currency } {
  const scale = scaleOf(currency);
  if (minor % scale !== 0) throw new Error(`${minor} ${currency} has no Adyen amount`);
  return { value: minor / scale, currency };
}

export function fromAdyenValue(value: number, currency: Currency): number {
  return value * scaleOf(currency);
}
