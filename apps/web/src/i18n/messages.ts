/** Loads one language's catalog; each is its own chunk, so a page ships only its language. */
import type { Locale } from './routing';
import type en from '../../messages/en.json';

export type Messages = typeof en;

export async function loadMessages(locale: Locale): Promise<Messages> {
  const loaded = (await import(`../../messages/${locale}.json`)) as { default: Messages };
  return loaded.default;
}

/** The namespaces client components read; the rest (legal texts, page copy) stay on the server. */
export const CLIENT_NAMESPACES = [
  'common',
  'header',
  'footer',
  'consent',
  'errors',
  'plans',
  'summary',
  'validation',
  'paymentErrors',
  'email',
  'crossSell',
  'address',
  'taxes',
  'coupon',
  'countdown',
  'cart',
  'payment',
  'login',
  'account',
  'paymentMethods',
  'processing',
  'challenge',
] as const;

export function clientMessages(
  messages: Messages,
): Pick<Messages, (typeof CLIENT_NAMESPACES)[number]> {
  const picked = {} as Record<string, unknown>;
  for (const ns of CLIENT_NAMESPACES) picked[ns] = messages[ns];
  return picked as Pick<Messages, (typeof CLIENT_NAMESPACES)[number]>;
}
