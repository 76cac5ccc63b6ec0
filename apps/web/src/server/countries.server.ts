/** Country names in the shopper's language, sorted for a select. */
import 'server-only';
import { COUNTRIES } from '@checkout/core';

export function countryOptions(locale: string): [string, string][] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((code): [string, string] => [code, names.of(code) ?? code]).sort((a, b) =>
    collator.compare(a[1], b[1]),
  );
}
