import { describe, expect, it } from 'vitest';
import {
  DISABLED_LOCALES,
  LANGUAGES,
  LOCALE_CODES,
  localizedPath,
  stripLocalePrefix,
} from './locales';

describe('locales', () => {
  it('supports the 26 languages of the spec with English as the only default', () => {
    expect(LOCALE_CODES).toHaveLength(26);
    expect(LANGUAGES.filter((l) => l.default).map((l) => l.urlCode)).toEqual(['en']);
    for (const code of ['pt-br', 'es-mx', 'zh-tw', 'zh-hk', 'no', 'id', 'lt']) {
      expect(LOCALE_CODES).toContain(code);
    }
  });

  it('writes Arabic and Hebrew right to left, nothing else', () => {
    expect(LANGUAGES.filter((l) => l.rtl).map((l) => l.urlCode)).toEqual(['ar', 'he']);
  });

  it('keeps Romanian and Thai disabled', () => {
    for (const code of DISABLED_LOCALES) expect(LOCALE_CODES).not.toContain(code);
  });

  it('gives every language an Intl locale that Intl understands', () => {
    for (const l of LANGUAGES) {
      expect(Intl.NumberFormat.supportedLocalesOf([l.localeCode])).toHaveLength(1);
    }
  });

  it.each([
    ['en', '/payment/', '/payment/'],
    ['de', '/payment/', '/de/payment/'],
    ['pt-br', '/', '/pt-br/'],
    ['ar', 'legal/pricing/', '/ar/legal/pricing/'],
  ])('the %s address of %s is %s', (code, path, expected) => {
    expect(localizedPath(code, path)).toBe(expected);
  });

  it.each([
    ['/de/payment/', '/payment/'],
    ['/zh-tw/', '/'],
    ['/zh-tw', '/'],
    ['/payment/', '/payment/'],
    ['/ro/payment/', '/ro/payment/'],
    ['/design/', '/design/'],
  ])('strips the language prefix of %s to %s', (path, expected) => {
    expect(stripLocalePrefix(path)).toBe(expected);
  });
});
