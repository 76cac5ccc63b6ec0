/**
 * A page's own client messages on top of the shell's (see PAGE_NAMESPACES). It sits inside the
 * page rather than in the layout: Next keeps a layout across client-side navigations, so a
 * layout that picked messages by path would keep the previous page's.
 */
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import {
  clientMessages,
  PAGE_NAMESPACES,
  SHELL_NAMESPACES,
  type ClientMessagesPage,
} from '../../i18n/messages';

export async function PageMessages({
  page,
  children,
}: {
  page: ClientMessagesPage;
  children: ReactNode;
}) {
  const messages = await getMessages();
  // The shell's namespaces again: a provider replaces its parent's messages, it does not add to
  // them. They are the same objects, so the flight data refers back to the shell's copy.
  return (
    <NextIntlClientProvider
      messages={clientMessages(messages, [...SHELL_NAMESPACES, ...PAGE_NAMESPACES[page]])}
    >
      {children}
    </NextIntlClientProvider>
  );
}
