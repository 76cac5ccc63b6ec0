/**
 * Amounts in PayPal's currency precision: PayPal's `money.value` is a decimal string, with no
 * decimals for HUF, JPY and TWD (PayPal's currency table) where our minor units give HUF and TWD
 * two. An amount PayPal cannot represent (a fraction of a forint) is a catalog error, never
 * rounded away.
 */
import { decimalPlaces, type Currency } from '@checkout/core';

const PAYPAL_DECIMALS: Partial<Record<string, number>> = { HUF: 0, JPY: 0, TWD: 0 };

const decimalsOf = (currency: Currency): number =>
  PAYPAL_DECIMALS[currency] ?? decimalPlaces(currency);

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export function toPayPalMoney(minor: number, currency: Currency): PayPalMoney {
  const scale = 10 ** (decimalPlaces(currency) - decimalsOf(currency));
  if (!Number.isSafeInteger(minor) || minor < 0 || minor % scale !== 0)
    throw new Error(`${minor} ${currency} has no PayPal amount`);
  const units = minor / scale;
  const decimals = decimalsOf(currency);
  const value =
    decimals === 0
      ? String(units)
      : `${Math.floor(units / 10 ** decimals)}.${String(units % 10 ** decimals).padStart(decimals, '0')}`;
  return { currency_code: currency, value };
}

/** Our minor units of a PayPal amount; undefined for a value that is not one. */
export function fromPayPalMoney(money: PayPalMoney, currency: Currency): number | undefined {
  const decimals = decimalsOf(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(money.value);
  if (!match || money.currency_code !== currency || (match[2]?.length ?? 0) > decimals)
    return undefined;
  const units = Number(match[1]) * 10 ** decimals + Number((match[2] ?? '').padEnd(decimals, '0'));
  return units * 10 ** (decimalPlaces(currency) - decimals);
}
