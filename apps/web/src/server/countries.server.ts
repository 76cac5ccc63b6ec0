/**
 * The option the country select starts with, named on the server so that hydration matches; the
 * browser adds the other countries afterwards (components/checkout/country-options.ts).
 */
import 'server-only';
import { COUNTRIES } from '@checkout/core';
import type { CountryOption } from '../components/checkout/country-options';

export function startCountryOption(locale: string, code: string): readonly CountryOption[] {
  if (!COUNTRIES.includes(code)) return [];
  return [[code, new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code]];
}
