/**
 * The words of the api's mails and documents (receipts, invoices, subscription and sign-up code
 * e-mails), in every checkout language. A shell service beside the mail transport, so billing,
 * renewals and identity all read them without importing one another (apps/web's catalogs are
 * the storefront's); each
 * language is a JSON file in ./messages named by its URL code, complete for every key
 * (messages.test.ts checks it). English fills in for a language the api does not know.
 */
import { readFileSync } from 'node:fs';
import {
  DEFAULT_LOCALE,
  findLanguage,
  languageOf,
  type Period,
  type TaxName,
} from '@checkout/core';
import en from './messages/en.json' with { type: 'json' };

export type BillingMessages = typeof en;
type Section = keyof BillingMessages;

const loaded = new Map<string, BillingMessages>([[DEFAULT_LOCALE, en]]);

export function billingMessages(locale: string): BillingMessages {
  const code = findLanguage(locale) ? locale : DEFAULT_LOCALE;
  let messages = loaded.get(code);
  if (!messages) {
    const file = new URL(`./messages/${code}.json`, import.meta.url);
    messages = JSON.parse(readFileSync(file, 'utf8')) as BillingMessages;
    loaded.set(code, messages);
  }
  return messages;
}

/** One language's words of one section, with `{name}` placeholders filled in. */
export function translator<S extends Section>(locale: string, section: S) {
  const words = billingMessages(locale)[section] as Record<keyof BillingMessages[S], string>;
  return (key: keyof BillingMessages[S], values: Record<string, string> = {}): string =>
    words[key].replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}

export function taxLabel(locale: string, name: TaxName): string {
  return billingMessages(locale).tax[name];
}

/** Intl's formatters are slow to build: one per language and unit, kept for the process. */
const unitFormats = new Map<string, Intl.NumberFormat>();

/** A billing period in words ("1 year", "2 Monate", "سنة"), by Intl's unit names. */
export function periodText(locale: string, { interval, unit }: Pick<Period, 'interval' | 'unit'>) {
  const { localeCode } = languageOf(locale);
  const key = `${localeCode} ${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeCode, {
      style: 'unit',
      unit: unit.toLowerCase(),
      unitDisplay: 'long',
    });
    unitFormats.set(key, format);
  }
  return format.format(interval);
}
