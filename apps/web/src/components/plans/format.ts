/** Display helpers for plan prices: integer minor units through Intl, never floats. */
import { formatPrice, type PriceView } from '@checkout/core';

export function totalText(price: PriceView, locale: string): string {
  return formatPrice(price.totalInMinorUnits, price.currency.code, locale);
}

export function perMonthText(price: PriceView, locale: string): string {
  // Not precise: a currency displayed without decimals shows none per month either.
  return formatPrice(price.atomicInMinorUnits, price.currency.code, locale);
}

export function beforeDiscountText(price: PriceView, locale: string): string | null {
  const before = price.discount?.totalBeforeDiscountInMinorUnits;
  return before === undefined ? null : formatPrice(before, price.currency.code, locale);
}
