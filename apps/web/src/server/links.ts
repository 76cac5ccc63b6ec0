/** Brand links are either site paths (localized) or absolute URLs (left alone). */
import { localizedPath } from '@checkout/core';

export function resolveLink(link: string, locale: string): string {
  return link.startsWith('/') ? localizedPath(locale, link) : link;
}
