import { describe, expect, it } from 'vitest';
import {
  DISABLED_LOCALES,
  LANGUAGES,
  LOCALE_CODES,
  localizedPath,
  stripLocalePrefix,
} from './locales';
import { delocalizedPath, isRightToLeft } from './locale-path';

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
    expect(LOCALE_CODES.filter(isRightToLeft)).toEqual(['ar', 'he']);
  });

  it("takes a language's prefix off its own addresses, as the table does, and nothing else", () => {
    for (const { urlCode } of LANGUAGES) {
      for (const path of ['/', '/payment/', '/legal/terms-of-service/subscription/']) {
        const address = localizedPath(urlCode, path);
        expect(delocalizedPath(urlCode, address)).toBe(path);
        expect(delocalizedPath(urlCode, address)).toBe(stripLocalePrefix(address));
      }
    }
    expect(delocalizedPath('de', '/de')).toBe('/');
    // Another language's prefix, or a path that only starts like one, stays.
    expect(delocalizedPath('de', '/fr/payment/')).toBe('/fr/payment/');
    expect(delocalizedPath('de', '/dev/payment/')).toBe('/dev/payment/');
    expect(delocalizedPath('en', '/payment/')).toBe('/payment/');
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
