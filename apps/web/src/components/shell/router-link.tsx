'use client';
/**
 * A link within the checkout that Next's router follows without loading the page again, as
 * next/link does, minus next/link's prefetching: every page here renders per request and none has
 * a loading boundary, so a prefetch brings nothing, while next/link and next-intl's navigation
 * cost every page about 7 KB gzip of its first load. The href is already in the page's language
 * (core's localizedPath). A click that asks for another tab or window is the browser's own.
 */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouter } from 'next/navigation';

type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  href: string;
};

function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.target;
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== '' && target !== '_self') ||
    event.currentTarget.hasAttribute('download')
  );
}

export function RouterLink({ href, ...props }: RouterLinkProps) {
  const router = useRouter();
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        router.push(href);
      }}
    />
  );
}
