import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@checkout/core';
import { billingMessages } from './messages';

/** Every key path of a nested catalog, with its value. */
function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    entries(inner, prefix ? `${prefix}.${key}` : key),
  );
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the billing e-mail and invoice catalogs', () => {
  const english = new Map(entries(billingMessages('en')));

  it('has a catalog for each of the 26 checkout languages and no other', () => {
    const files = readdirSync(new URL('./messages/', import.meta.url)).map((f) =>
      f.replace('.json', ''),
    );
    expect(files.sort()).toEqual([...LOCALE_CODES].sort());
    expect(files).toHaveLength(26);
  });

  it.each(LOCALE_CODES.filter((code) => code !== 'en'))(
    '%s has every English key, non-empty, with the same placeholders',
    (code) => {
      const catalog = new Map(entries(billingMessages(code)));
      expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of catalog) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
      }
    },
  );

  it('is translated: the mail texts differ from English outside English', () => {
    for (const code of LOCALE_CODES.filter((c) => c !== 'en')) {
      expect(billingMessages(code).mail.receiptText, code).not.toBe(
        english.get('mail.receiptText'),
      );
    }
  });
});
