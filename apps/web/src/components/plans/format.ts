/** Display helpers for plan prices: integer minor units through Intl, never floats. */
import { formatPrice, type Currency, type PriceView } from '@checkout/core';

export function totalText(price: PriceView, locale: string): string {
  return formatPrice(price.totalInMinorUnits, price.currency.code as Currency, locale);
}

export function perMonthText(price: PriceView, locale: string): string {
  return formatPrice(price.atomicInMinorUnits, price.currency.code as Currency, locale, {
    precise: true,
  });
}

export function beforeDiscountText(price: PriceView, locale: string): string | null {
  const before = price.discount?.totalBeforeDiscountInMinorUnits;
  return before === undefined ? null : formatPrice(before, price.currency.code as Currency, locale);
}
