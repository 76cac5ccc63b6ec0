/**
 * The options the country and region selects start with, named on the server so that hydration
 * matches; the browser adds the other countries and regions afterwards (address-fields.tsx).
 */
import 'server-only';
import { COUNTRIES, REGIONS, type RegionList } from '@checkout/core';
import type { CountryOption } from '../components/checkout/country-options';

/** One namer per language for the process: making one costs more than the naming itself. */
const namers = new Map<string, Intl.DisplayNames>();
/** And each name once: naming (Intl.DisplayNames#of) was 0.5 % of /payment/'s server CPU. */
const countryOptions = new Map<string, readonly CountryOption[]>();

export function startCountryOption(locale: string, code: string): readonly CountryOption[] {
  if (!COUNTRIES.includes(code)) return [];
  const key = `${locale} ${code}`;
  let option = countryOptions.get(key);
  if (!option) {
    const names = namers.get(locale) ?? new Intl.DisplayNames([locale], { type: 'region' });
    namers.set(locale, names);
    option = [[code, names.of(code) ?? code]];
    countryOptions.set(key, option);
  }
  return option;
}

/** The region the address starts with, alone, when its country has regions (`US-CA`). */
export function startRegionOption(country: string, region: string | undefined): RegionList {
  const option = REGIONS[country]?.find(([code]) => code === region);
  return option ? [option] : [];
}
