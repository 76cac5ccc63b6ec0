/** Loads one language's catalog; each is its own chunk, so a page ships only its language. */
import type { Locale } from './routing';
import type en from '../../messages/en.json';

export type Messages = typeof en;

export async function loadMessages(locale: Locale): Promise<Messages> {
  const loaded = (await import(`../../messages/${locale}.json`)) as { default: Messages };
  return loaded.default;
}

type Namespace = keyof Messages;

/**
 * What the shell's client parts read on every page: the header and its login menu, the consent
 * dialog, and the error boundary ([locale]/error.tsx) that replaces a page which failed.
 */
export const SHELL_NAMESPACES = [
  'common',
  'header',
  'consent',
  'errors',
] as const satisfies readonly Namespace[];

/**
 * What each page's own client parts read besides the shell's; the page wraps them in
 * <PageMessages page="…">. Each page ships only these: every message is flight data that the
 * server serializes and the browser parses, 12 KB of it on every page when all were sent.
 * client-messages.test.ts walks each page's imports and fails when one reads a namespace that is
 * not listed here.
 */
export const PAGE_NAMESPACES = {
  payment: [
    'plans',
    'summary',
    'validation',
    'paymentErrors',
    'email',
    'signUp',
    'crossSell',
    'address',
    'taxes',
    'coupon',
    'countdown',
    'cart',
    'payment',
    'paymentMethods',
    'challenge',
  ],
  pending: ['processing'],
  processing: ['processing'],
  products: ['plans'],
  login: ['login'],
  'oauth2/login': ['login'],
  'account/login/[uid]': ['account', 'challenge'],
  'dashboard/card': ['paymentMethods', 'paymentErrors', 'address', 'validation', 'updateCard'],
} as const satisfies Record<string, readonly Namespace[]>;

/**
 * Every namespace some client component reads (the app context's `translations`); the rest
 * (legal texts, page copy) stay on the server.
 */
export const CLIENT_NAMESPACES: readonly Namespace[] = [
  ...new Set([...SHELL_NAMESPACES, ...Object.values(PAGE_NAMESPACES).flat()]),
];

export type ClientMessagesPage = keyof typeof PAGE_NAMESPACES;

export function clientMessages(
  messages: Messages,
  namespaces: readonly Namespace[],
): Partial<Messages> {
  const picked: Partial<Record<Namespace, unknown>> = {};
  for (const ns of namespaces) picked[ns] = messages[ns];
  return picked as Partial<Messages>;
}
