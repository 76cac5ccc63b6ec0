'use client';
/**
 * Applies the address clean-up rules of spec §4 after every navigation, strips sensitive
 * parameters, and adds stored tracking parameters (nv_tri, nv_trs) to outgoing links.
 */
import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';
import {
  cleanQuery,
  SENSITIVE_PARAMS,
  stripLocalePrefix,
  TRACKING_PARAMS,
  withTracking,
  type PageKind,
} from '@checkout/core';

const TRACKING_STORAGE = 'tracking';

function pageKind(pathname: string): PageKind {
  const path = stripLocalePrefix(pathname);
  if (path === '/payment/') return 'payment';
  if (path === '/success/') return 'success';
  return 'other';
}

function storedTracking(): Partial<Record<(typeof TRACKING_PARAMS)[number], string>> {
  try {
    return JSON.parse(window.sessionStorage.getItem(TRACKING_STORAGE) ?? '{}') as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

export function QueryCleanup() {
  const pathname = usePathname();
  const previous = useRef<{ pathname: string; page: PageKind } | null>(null);

  useEffect(() => {
    const url = new URL(window.location.href);
    const tracking = storedTracking();
    for (const name of TRACKING_PARAMS) {
      const value = url.searchParams.get(name);
      if (value) tracking[name] = value;
    }
    window.sessionStorage.setItem(TRACKING_STORAGE, JSON.stringify(tracking));

    const page = pageKind(pathname);
    const params = cleanQuery(url.searchParams, {
      page,
      previousPage: previous.current?.page,
      routeChanged: previous.current !== null && previous.current.pathname !== pathname,
    });
    for (const name of SENSITIVE_PARAMS) params.delete(name);
    previous.current = { pathname, page };
    const search = params.toString();
    if (`?${search}` !== url.search && !(search === '' && url.search === '')) {
      window.history.replaceState(
        window.history.state,
        '',
        `${url.pathname}${search ? `?${search}` : ''}${url.hash}`,
      );
    }
  }, [pathname]);

  useEffect(() => {
    // Marks the page interactive; browser tests wait for it before clicking.
    document.documentElement.dataset.hydrated = 'true';
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-outgoing]');
      if (link) link.href = withTracking(link.href, storedTracking());
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return null;
}
