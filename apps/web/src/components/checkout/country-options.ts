/**
 * Every country the checkout sells to, named in the shopper's language and sorted for a select.
 * The browser builds the list after hydration (address-fields.tsx loads this module then): about
 * 250 names were 17 KB of every payment page's answer, in the HTML and again in the flight data.
 */
import { COUNTRIES } from '@checkout/core/countries';

export type CountryOption = readonly [code: string, name: string];

export function countryOptions(locale: string): readonly CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((code) => [code, names.of(code) ?? code] as const).sort((a, b) =>
    collator.compare(a[1], b[1]),
  );
}
