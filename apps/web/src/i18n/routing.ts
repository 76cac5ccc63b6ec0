import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, LOCALE_CODES } from '@checkout/core';

export type Locale = (typeof LOCALE_CODES)[number];

export const routing = defineRouting({
  locales: LOCALE_CODES,
  defaultLocale: DEFAULT_LOCALE,
  // English lives at the root; every other language under its URL code.
  localePrefix: 'as-needed',
  // The address decides the language, never the browser: links shared by a shopper stay stable.
  localeDetection: false,
  localeCookie: false,
});
