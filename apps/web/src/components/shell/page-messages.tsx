/**
 * A page's own client messages on top of the shell's (see PAGE_NAMESPACES). It sits inside the
 * page rather than in the layout: Next keeps a layout across client-side navigations, so a
 * layout that picked messages by path would keep the previous page's.
 */
import type { ReactNode } from 'react';
import { PAGE_NAMESPACES, type ClientMessagesPage } from '../../i18n/messages';
import { ClientMessages } from './client-messages';

export function PageMessages({
  page,
  children,
}: {
  page: ClientMessagesPage;
  children: ReactNode;
}) {
  return (
    <ClientMessages namespaces={PAGE_NAMESPACES[page]} more>
      {children}
    </ClientMessages>
  );
}
