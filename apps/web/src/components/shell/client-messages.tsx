/**
 * Hands client components their messages as one JSON text. React serializes a props object
 * value by value on the server and revives it value by value for the HTML render: the payment
 * page's ~400 message values were a fifth of its flight data's values. A text is one value, made
 * once per language and set of namespaces for the process.
 */
import type { ReactNode } from 'react';
import { getLocale, getMessages, getTimeZone } from 'next-intl/server';
import { clientMessages, type Messages } from '../../i18n/messages';
import { MessagesFromText, MoreMessagesFromText } from './messages-from-text';

const texts = new WeakMap<object, Map<string, string>>();

function textOf(messages: Messages, namespaces: readonly (keyof Messages)[]): string {
  const ofCatalog = texts.get(messages) ?? new Map<string, string>();
  texts.set(messages, ofCatalog);
  const key = namespaces.join();
  let text = ofCatalog.get(key);
  if (text === undefined) {
    text = JSON.stringify(clientMessages(messages, namespaces));
    ofCatalog.set(key, text);
  }
  return text;
}

export async function ClientMessages({
  namespaces,
  more = false,
  children,
}: {
  namespaces: readonly (keyof Messages)[];
  /** On top of the messages of the provider above (a page's own on the shell's). */
  more?: boolean;
  children: ReactNode;
}) {
  const [locale, messages, timeZone] = await Promise.all([
    getLocale(),
    getMessages(),
    getTimeZone(),
  ]);
  const Provider = more ? MoreMessagesFromText : MessagesFromText;
  return (
    <Provider locale={locale} timeZone={timeZone} text={textOf(messages, namespaces)}>
      {children}
    </Provider>
  );
}
