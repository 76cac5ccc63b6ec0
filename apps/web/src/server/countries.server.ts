/**
 * The option the country select starts with, named on the server so that hydration matches; the
 * browser adds the other countries afterwards (components/checkout/country-options.ts).
 */
import 'server-only';
import { COUNTRIES } from '@checkout/core';
import type { CountryOption } from '../components/checkout/country-options';

/** One namer per language for the process: making one costs more than the naming itself. */
const namers = new Map<string, Intl.DisplayNames>();

export function startCountryOption(locale: string, code: string): readonly CountryOption[] {
  if (!COUNTRIES.includes(code)) return [];
  const names = namers.get(locale) ?? new Intl.DisplayNames([locale], { type: 'region' });
  namers.set(locale, names);
  return [[code, names.of(code) ?? code]];
}
