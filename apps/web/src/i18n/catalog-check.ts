/**
 * Compares a translated catalog with the English one: same keys, same placeholders, valid ICU
 * syntax, and no value left in English (brand names and international terms are allow-listed).
 */
import { IntlMessageFormat } from 'intl-messageformat';

type Catalog = { [key: string]: string | Catalog };

/** Keys whose English text is also correct in other languages (names, codes, loanwords). */
export const SAME_AS_ENGLISH_ALLOWED: ReadonlySet<string> = new Set([
  'validation.cvvEmpty',
  'validation.cvvInvalid',
  'paymentMethods.cardCvc',
  'consent.marketing',
  'errors.notFound.pageTitle',
  'errors.tooManyRequests.pageTitle',
  'errors.generic.pageTitle',
]);

export function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)/g)].map((m) => m[1] ?? '').sort();
}

export function checkCatalog(english: Catalog, translated: Catalog, locale: string): string[] {
  const problems: string[] = [];
  const en = flatten(english);
  const tr = flatten(translated);
  for (const [key, source] of en) {
    const value = tr.get(key);
    if (value === undefined) {
      problems.push(`${locale}: missing ${key}`);
      continue;
    }
    if (value.trim() === '') problems.push(`${locale}: empty ${key}`);
    // Only words count: "{name} ({rate})" has no English in it to translate.
    const words = source.replace(/\{[^{}]*\}/g, '');
    if (value === source && !SAME_AS_ENGLISH_ALLOWED.has(key) && /[a-z]{3}/i.test(words)) {
      problems.push(`${locale}: ${key} is still English ("${source.slice(0, 40)}")`);
    }
    if (placeholders(value).join() !== placeholders(source).join()) {
      problems.push(`${locale}: ${key} placeholders differ from English`);
    }
    try {
      new IntlMessageFormat(value, locale);
    } catch (error) {
      problems.push(`${locale}: ${key} is not valid ICU (${(error as Error).message})`);
    }
  }
  for (const key of tr.keys()) if (!en.has(key)) problems.push(`${locale}: unknown key ${key}`);
  return problems;
}
