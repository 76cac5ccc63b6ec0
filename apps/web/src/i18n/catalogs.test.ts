import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES } from '@checkout/core';
import { checkCatalog, flatten } from './catalog-check';

type Catalog = Parameters<typeof checkCatalog>[0];
const read = (code: string): Catalog =>
  JSON.parse(
    readFileSync(new URL(`../../messages/${code}.json`, import.meta.url), 'utf8'),
  ) as Catalog;
const english = read('en');

describe('message catalogs', () => {
  it.each(LOCALE_CODES.filter((c) => c !== 'en'))('%s is complete and translated', (code) => {
    expect(checkCatalog(english, read(code), code)).toEqual([]);
  });

  it('flags a missing key, an English leftover and a broken placeholder', () => {
    const german = read('de');
    const broken = structuredClone(german) as { header: Record<string, string> } & Catalog;
    delete broken.header.logIn;
    broken.header.myAccount = 'My Account';
    broken.header.homeLink = 'Startseite von {nme}';
    const problems = checkCatalog(english, broken, 'de');
    expect(problems).toContain('de: missing header.logIn');
    expect(problems.some((p) => p.includes('header.myAccount is still English'))).toBe(true);
    expect(problems).toContain('de: header.homeLink placeholders differ from English');
  });

  it('keeps the exact English texts the spec requires', () => {
    const en = flatten(english);
    expect(en.get('errors.notFound.title')).toBe("Oh hey! Looks like you're lost.");
    expect(en.get('errors.notFound.cta')).toBe("Let's Go");
    expect(en.get('errors.tooManyRequests.text')).toBe(
      'You have sent too many request too quickly. Please try again later.',
    );
    expect(en.get('errors.generic.title')).toBe('Oops! Something went wrong');
    expect(en.get('footer.usPrivacyChoices')).toBe('Your privacy choices');
    expect(en.get('footer.cookiePreferences')).toBe('Cookie preferences');
  });
});
