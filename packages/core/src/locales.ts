import { DEFAULT_LOCALE, isRightToLeft } from './locale-path';

export { DEFAULT_LOCALE, delocalizedPath, isRightToLeft, localizedPath } from './locale-path';

/** The languages of the checkout (spec §2): URL code, Intl locale, native title, direction. */
export interface Language {
  /** Path prefix and next-intl locale; the default language has no prefix. */
  urlCode: string;
  /** BCP 47 tag handed to Intl. */
  localeCode: string;
  /** The language's own name, shown in the language dropdown. */
  title: string;
  rtl: boolean;
  default: boolean;
}

const lang = (urlCode: string, localeCode: string, title: string): Language => ({
  urlCode,
  localeCode,
  title,
  rtl: isRightToLeft(urlCode),
  default: urlCode === DEFAULT_LOCALE,
});

export const LANGUAGES: readonly Language[] = [
  lang('en', 'en-US', 'English'),
  lang('id', 'id-ID', 'Bahasa Indonesia'),
  lang('da', 'da-DK', 'Dansk'),
  lang('de', 'de-DE', 'Deutsch'),
  lang('es', 'es-ES', 'Español'),
  lang('es-mx', 'es-MX', 'Español (México)'),
  lang('fr', 'fr-FR', 'Français'),
  lang('it', 'it-IT', 'Italiano'),
  lang('lt', 'lt-LT', 'Lietuvių'),
  lang('nl', 'nl-NL', 'Nederlands'),
  lang('no', 'nb-NO', 'Norsk'),
  lang('pl', 'pl-PL', 'Polski'),
  lang('pt', 'pt-PT', 'Português'),
  lang('pt-br', 'pt-BR', 'Português (Brasil)'),
  lang('fi', 'fi-FI', 'Suomi'),
  lang('sv', 'sv-SE', 'Svenska'),
  lang('tr', 'tr-TR', 'Türkçe'),
  lang('ru', 'ru-RU', 'Русский'),
  lang('uk', 'uk-UA', 'Українська'),
  lang('ko', 'ko-KR', '한국어'),
  lang('ar', 'ar', 'العربية'),
  lang('he', 'he-IL', 'עברית'),
  lang('ja', 'ja-JP', '日本語'),
  lang('zh', 'zh-CN', '简体中文'),
  lang('zh-tw', 'zh-TW', '繁體中文（台灣）'),
  lang('zh-hk', 'zh-HK', '繁體中文（香港）'),
];

/** Known to the provider but switched off: their addresses answer 404. */
export const DISABLED_LOCALES = ['ro', 'th'] as const;

export const LOCALE_CODES = LANGUAGES.map((l) => l.urlCode);

/** Prefixes the experiment layer strips before matching paths (spec §2). */
export const EXPERIMENT_LOCALE_PREFIXES = [
  'da',
  'de',
  'en',
  'es',
  'fr',
  'it',
  'nl',
  'no',
  'pl',
  'pt',
  'pt-br',
  'fi',
  'sv',
  'tr',
  'ru',
  'uk',
  'ko',
  'ar',
  'ja',
  'zh',
  'zh-tw',
  'id',
  'he',
  'lt',
] as const;

export function findLanguage(urlCode: string): Language | undefined {
  return LANGUAGES.find((l) => l.urlCode === urlCode);
}

export function languageOf(urlCode: string): Language {
  const found = findLanguage(urlCode) ?? findLanguage(DEFAULT_LOCALE);
  if (!found) throw new Error('the default language is missing from LANGUAGES');
  return found;
}

/** Removes a leading language prefix from a path ("/de/payment/" → "/payment/"). */
export function stripLocalePrefix(path: string): string {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*|$)/.exec(path);
  if (!match?.[1] || !findLanguage(match[1])) return path;
  return match[2] || '/';
}
