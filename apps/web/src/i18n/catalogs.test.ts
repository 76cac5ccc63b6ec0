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

  // "ترقية من خطة خطة Basic" (issue 27.14): the note puts the plan's name in a sentence that
  // already says "plan", so the plan's name must not say it again.
  it.each(LOCALE_CODES)('%s: the upgrade note says "plan" once', (code) => {
    const summary = read(code).summary as Record<string, string>;
    const plan = (summary.plan ?? '').replace('{product}', 'Aegis VPN').replace('{tier}', 'Basic');
    const note = (summary.upgrading ?? '').replace('{plan}', plan);
    // The clause that names the plan, up to its colon; words of three letters or more (or CJK).
    const clause = note.split(/[:：]/u)[0]!.toLowerCase();
    const words = (summary.plan ?? '')
      .replace(/\{\w+\}/g, ' ')
      .toLowerCase()
      .split(/[\s\p{P}]+/u)
      .filter((w) => w.length >= 3 || /\p{Script=Han}/u.test(w));
    for (const word of words) expect(clause.split(word).length - 1, `${word} in ${note}`).toBe(1);
  });
});
