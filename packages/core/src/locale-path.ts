/**
 * The default language, the address of a path in a language and the right-to-left languages,
 * apart from the table of languages (locales.ts, which re-exports these): the browser's links,
 * text direction and the language list's choice need them, and the table would ride along in the
 * pages' first load.
 */
export const DEFAULT_LOCALE = 'en';

/** The right-to-left languages, by URL code (the table's `rtl`). */
const RTL_LOCALES: readonly string[] = ['ar', 'he'];

export function isRightToLeft(urlCode: string): boolean {
  return RTL_LOCALES.includes(urlCode);
}

/** The address of `path` in a language: no prefix for the default language. */
export function localizedPath(urlCode: string, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return urlCode === DEFAULT_LOCALE ? clean : `/${urlCode}${clean === '/' ? '/' : clean}`;
}

/** The path of an address in a language, without that language's prefix ("/de/payment/" → "/payment/"). */
export function delocalizedPath(urlCode: string, path: string): string {
  if (urlCode === DEFAULT_LOCALE) return path;
  const prefix = `/${urlCode}`;
  if (path === prefix) return '/';
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
}
