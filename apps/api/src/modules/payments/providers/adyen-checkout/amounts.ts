/**
 * Amounts in Adyen's minor units. Adyen's currency table gives IDR and VND no decimals (and JPY,
 * KRW none, as ours); our minor units give IDR and VND two, so those divide by 100. An amount
 * Adyen cannot represent (a fraction of a rupiah) is a catalog error, never rounded away.
 */
import { decimalPlaces, type Currency } from '@checkout/core';

const ADYEN_EXPONENTS: Partial<Record<Currency, number>> = { IDR: 0, VND: 0 };

const scaleOf = (currency: Currency): number =>
  10 ** (decimalPlaces(currency) - (ADYEN_EXPONENTS[currency] ?? decimalPlaces(currency)));

export function toAdyenAmount(
  minor: number,
  currency: Currency,
): { value: number; currency: string } {
  const scale = scaleOf(currency);
  if (minor % scale !== 0) throw new Error(`${minor} ${currency} has no Adyen amount`);
  return { value: minor / scale, currency };
}

export function fromAdyenValue(value: number, currency: Currency): number {
  return value * scaleOf(currency);
}
