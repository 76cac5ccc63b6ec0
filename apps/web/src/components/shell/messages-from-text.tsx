'use client';
/** next-intl's client provider over messages that came as one JSON text (see ClientMessages). */
import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useMessages, type AbstractIntlMessages } from 'next-intl';

interface Props {
  locale: string;
  timeZone: string;
  text: string;
  children: ReactNode;
}

/**
 * Each text parsed once: the server renders many requests from the same few texts (one per
 * language and set of namespaces), and nothing changes messages once they are parsed.
 */
const parsed = new Map<string, AbstractIntlMessages>();

function parse(text: string): AbstractIntlMessages {
  let value = parsed.get(text);
  if (!value) {
    value = JSON.parse(text) as AbstractIntlMessages;
    parsed.set(text, value);
  }
  return value;
}

export function MessagesFromText({ locale, timeZone, text, children }: Props) {
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={parse(text)}>
      {children}
    </NextIntlClientProvider>
  );
}

/** A provider replaces its parent's messages; this one adds its own to them. */
export function MoreMessagesFromText({ locale, timeZone, text, children }: Props) {
  const above = useMessages();
  const messages = useMemo(() => ({ ...above, ...parse(text) }), [above, text]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
