'use client';

import { createTranslator, useLocale, useMessages } from 'next-intl';
import type en from '../../../messages/console/en.json';

type ConsoleMessages = (typeof en)['console'];

/**
 * The console's strings (messages/console/{en,de}.json, given by its layout), typed by its own
 * catalog rather than the storefront's, which next-intl's global types describe.
 */
export function useConsoleText<N extends keyof ConsoleMessages>(namespace: N) {
  const locale = useLocale();
  const messages = (useMessages() as unknown as { console: ConsoleMessages }).console;
  return createTranslator({ locale, messages, namespace });
}
