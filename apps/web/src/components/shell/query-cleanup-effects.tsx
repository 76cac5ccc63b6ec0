'use client';
/**
 * Applies the address clean-up rules of spec §4 after every navigation (malformed parameters
 * included), strips sensitive parameters, and keeps the tracking parameters (nv_tri, nv_trs,
 * nord_origin) in storage to add them to outgoing links. Which parameters are malformed, the
 * server says of the address it rendered; the rules' schemas (query-params.ts, zod) are fetched
 * only for an address the page came to later, so the page's load evaluates no zod.
 */
import { useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';
import {
  cleanQuery,
  sensitiveFree,
  withTracking,
  type CheckedAddress,
  type PageKind,
} from '../../rules/query-cleanup';
import {
  DEFAULT_PRODUCT_GROUP,
  STORAGE_KEYS,
  stripLocalePrefix,
  TRACKING_PARAMS,
} from '@checkout/core';
import { useAppContext } from '../../context/app-context';
import { readStored, writeStored } from '../../lib/browser-storage';
import { rememberFlowParams } from '../../lib/flow-params';

type Tracking = Partial<Record<(typeof TRACKING_PARAMS)[number], string>>;
const TRACKING_VALUE = /^[A-Za-z0-9_.-]{1,128}$/;

function pageKind(pathname: string): PageKind {
  const path = stripLocalePrefix(pathname);
  if (path === '/payment/') return 'payment';
  if (path === '/success/') return 'success';
  return 'other';
}

function sessionTracking(): Tracking {
  try {
    const stored: unknown = JSON.parse(readStored('session', STORAGE_KEYS.currentSession) ?? '{}');
    const tracking: Tracking = {};
    for (const name of TRACKING_PARAMS) {
      const value = (stored as Record<string, unknown> | null)?.[name];
      if (typeof value === 'string' && TRACKING_VALUE.test(value)) tracking[name] = value;
    }
    return tracking;
  } catch {
    return {};
  }
}

/** This visit's tracking values; a VPN affiliate's id from an earlier visit when it has none. */
function storedTracking(): Tracking {
  const tracking = sessionTracking();
  const affiliate = readStored('local', STORAGE_KEYS.vpnAffiliate);
  if (!tracking.nv_tri && affiliate && TRACKING_VALUE.test(affiliate)) tracking.nv_tri = affiliate;
  return tracking;
}

/** The parameters of `params` core's rules refuse: the server's word for the address it rendered. */
async function malformedIn(params: URLSearchParams, checked: CheckedAddress): Promise<string[]> {
  if (sensitiveFree(params) === checked.query) return checked.malformed;
  const { malformedParams } = await import('../../rules/query-params');
  return malformedParams(params);
}

/** Keeps the address's tracking values for this visit and, for VPN visits, the affiliate. */
function rememberTracking(params: URLSearchParams, malformed: readonly string[]): void {
  const tracking = sessionTracking();
  for (const name of TRACKING_PARAMS) {
    const value = params.get(name);
    if (value && TRACKING_VALUE.test(value)) tracking[name] = value;
  }
  writeStored('session', STORAGE_KEYS.currentSession, JSON.stringify(tracking));
  if (tracking.nv_trs) writeStored('session', STORAGE_KEYS.referralVisitId, tracking.nv_trs);
  // A product_group present and not refused by its rule is one of the groups, as given.
  const given = params.get('product_group');
  const group =
    given !== null && !malformed.includes('product_group') ? given : DEFAULT_PRODUCT_GROUP;
  const affiliate = params.get('nv_tri');
  if (group === 'vpn' && affiliate && TRACKING_VALUE.test(affiliate)) {
    writeStored('local', STORAGE_KEYS.vpnAffiliate, affiliate);
  }
}

export default function QueryCleanupEffects({ checked }: { checked: CheckedAddress }) {
  const pathname = usePathname();
  const { featureFlags } = useAppContext();
  const previous = useRef<{ pathname: string; page: PageKind } | null>(null);

  useEffect(() => {
    writeStored('session', STORAGE_KEYS.featureFlags, JSON.stringify(featureFlags));
  }, [featureFlags]);

  useEffect(() => {
    const url = new URL(window.location.href);
    const page = pageKind(pathname);
    const context = {
      page,
      previousPage: previous.current?.page,
      routeChanged: previous.current !== null && previous.current.pathname !== pathname,
    };
    previous.current = { pathname, page };
    let current = true;
    void malformedIn(url.searchParams, checked).then((malformed) => {
      // Another navigation came first, or the address changed meanwhile: its own run tidies it.
      if (!current || window.location.href !== url.href) return;
      rememberTracking(url.searchParams, malformed);
      if (page === 'payment') rememberFlowParams(url.searchParams);
      const search = sensitiveFree(cleanQuery(url.searchParams, { ...context, malformed }));
      if (`?${search}` !== url.search && !(search === '' && url.search === '')) {
        window.history.replaceState(
          window.history.state,
          '',
          `${url.pathname}${search ? `?${search}` : ''}${url.hash}`,
        );
      }
    });
    return () => {
      current = false;
    };
  }, [pathname, checked]);

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
