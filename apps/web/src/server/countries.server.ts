/** Country names in the shopper's language, sorted for a select; built once per language. */
import 'server-only';
import { COUNTRIES } from '@checkout/core';

const byLocale = new Map<string, readonly (readonly [string, string])[]>();

export function countryOptions(locale: string): readonly (readonly [string, string])[] {
  let options = byLocale.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    options = COUNTRIES.map((code) => [code, names.of(code) ?? code] as const).sort((a, b) =>
      collator.compare(a[1], b[1]),
    );
    byLocale.set(locale, options);
  }
  return options;
}
