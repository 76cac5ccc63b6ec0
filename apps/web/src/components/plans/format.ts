/** Display helpers for plan prices: integer minor units through Intl, never floats. */
import { formatPrice } from '@checkout/core';
import type { PriceChoice } from './plan-choice';

export function totalText(price: PriceChoice, locale: string): string {
  return formatPrice(price.totalInMinorUnits, price.currency.code, locale);
}

export function perMonthText(price: PriceChoice, locale: string): string {
  // Not precise: a currency displayed without decimals shows none per month either.
  return formatPrice(price.atomicInMinorUnits, price.currency.code, locale);
}

export function beforeDiscountText(price: PriceChoice, locale: string): string | null {
  const before = price.discount?.totalBeforeDiscountInMinorUnits;
  return before === undefined ? null : formatPrice(before, price.currency.code, locale);
}
