/**
 * The analytics tracker, loaded when the browser is idle: takes the queued events, adds the
 * page's context (spec §3), and hands each to window.dataLayer (and Google Tag Manager's
 * container, when configured and consented) and to the first-party collector, in batches sent
 * with navigator.sendBeacon so a closing tab does not lose them. It also reports what the page
 * cannot: sections shown and scroll depth; and keeps the attribution
 * cookies (clicks are caught from the first moment by ./clicks). Nothing leaves the browser before the visitor's consent allows it.
 */
import {
  ANALYTICS_BROWSER_COOKIE,
  ATTRIBUTION_CURRENT_COOKIE,
  ATTRIBUTION_FIRST_COOKIE,
  ATTRIBUTION_MAX_AGE_SECONDS,
  CONSENT_COOKIE,
  cookieValue,
  SHOW_ROOT_MARGIN,
  SHOW_THRESHOLD,
  STORAGE_KEYS,
  attributionOfVisit,
  effectiveConsent,
  nextAttribution,
  serializeAttribution,
  type AnalyticsContext,
  type AttributionState,
  type ConsentRegime,
  type EffectiveConsent,
} from '@checkout/core';
import { readStored } from '../lib/browser-storage';
import { mergeContext, track, type QueuedEvent } from './track';

export interface TrackerConfig {
  regime: ConsentRegime;
  /** The server saw Sec-GPC: 1. */
  gpc: boolean;
  gtmId: string | null;
  nonce: string | null;
  /** What the server knows of every event: language, currency, login, countdown, product. */
  base: AnalyticsContext;
  /** The attribution cookies this page was requested with, checked by the server's schema. */
  attribution: AttributionState;
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    __analyticsStarted?: boolean;
  }
}

const FLUSH_AT = 20;
const FLUSH_AFTER_MS = 2000;
const SCROLL_DEPTHS = [25, 50, 75, 100];

export function cookie(name: string): string | undefined {
  return cookieValue(document.cookie, name);
}

function setCookie(name: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The browser's random id, kept a year: the collector's rate limit and the consent proof key.
 * Created only once analytics is allowed (docs/decisions/007).
 */
export function browserId(): string {
  const known = cookie(ANALYTICS_BROWSER_COOKIE);
  if (known && /^[\w-]{36}$/.test(known)) return known;
  const id = crypto.randomUUID();
  setCookie(ANALYTICS_BROWSER_COOKIE, id, 365 * 24 * 60 * 60);
  return id;
}

/** Removes the id: analytics is not (or no longer) allowed. */
function forgetBrowserId(): void {
  if (cookie(ANALYTICS_BROWSER_COOKIE) !== undefined) setCookie(ANALYTICS_BROWSER_COOKIE, '', 0);
}

/**
 * The site that sent the shopper (`nord_origin`) as this visit kept it: a page reached without
 * the parameter (back from a provider's page) still names the visit's source.
 */
function visitSource(): string | null {
  try {
    const stored: unknown = JSON.parse(readStored('session', STORAGE_KEYS.currentSession) ?? '{}');
    const origin = (stored as Record<string, unknown> | null)?.nord_origin;
    return typeof origin === 'string' && /^[\w.-]{1,120}$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

export function currentConsent(config: Pick<TrackerConfig, 'regime' | 'gpc'>): EffectiveConsent {
  const gpc =
    config.gpc ||
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  return effectiveConsent(cookie(CONSENT_COOKIE), config.regime, gpc);
}

export function startTracker(config: TrackerConfig): void {
  if (window.__analyticsStarted) return;
  window.__analyticsStarted = true;
  let consent = currentConsent(config);
  let attribution = config.attribution;
  /** Events made before an opt-in visitor decided: sent if they allow analytics, else dropped. */
  let waiting: QueuedEvent[] = [];
  let batch: Record<string, unknown>[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dataLayer = (window.dataLayer ??= []);
  const base: AnalyticsContext = {
    ...config.base,
    source_nord_id: config.base.source_nord_id ?? visitSource(),
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    const body = JSON.stringify({ browser_id: browserId(), events: batch });
    batch = [];
    const blob = new Blob([body], { type: 'application/json' });
    // The beacon survives the page; fetch with keepalive where a beacon is refused.
    if (!navigator.sendBeacon?.('/api/events/', blob)) {
      void fetch('/api/events/', {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'application/json' },
      }).catch(() => undefined);
    }
  };

  const deliver = (queued: QueuedEvent) => {
    const context: AnalyticsContext = {
      ...mergeContext(mergeContext(base, queued.state), queued.context ?? {}),
      consent_status: consent.status,
    };
    const event = {
      id: crypto.randomUUID(),
      event: queued.event,
      time: queued.time,
      page: queued.page,
      section: queued.section ?? null,
      element: queued.element ?? null,
      context,
      ...(queued.data ? { data: queued.data } : {}),
    };
    dataLayer.push({
      event: event.event,
      section: event.section,
      element: event.element,
      ...context,
      ...queued.data,
    });
    batch.push(event);
    if (batch.length >= FLUSH_AT) flush();
    else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  };

  const sink = (queued: QueuedEvent) => {
    if (consent.analytics) deliver(queued);
    else if (consent.ask) waiting.push(queued);
  };

  const applyConsent = () => {
    consent = currentConsent(config);
    if (consent.analytics) {
      // The id exists exactly while analytics is allowed.
      browserId();
      for (const queued of waiting) deliver(queued);
      waiting = [];
      loadTagManager(config, dataLayer);
    } else {
      // What was collected while analytics was allowed leaves under the id, then the id goes.
      flush();
      forgetBrowserId();
      if (!consent.ask) waiting = [];
    }
    if (consent.marketing) attribution = rememberAttribution(attribution);
  };

  window.__analyticsSink = sink;
  for (const queued of window.__analyticsQueue?.splice(0) ?? []) sink(queued);
  applyConsent();
  window.addEventListener('checkout:consent-changed', applyConsent);

  // The tab may never come back: what is batched goes now.
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });

  observeSections();
  reportScrollDepth();
}

function loadTagManager(config: TrackerConfig, dataLayer: Record<string, unknown>[]): void {
  if (!config.gtmId || document.getElementById('gtm-loader')) return;
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-loader';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.gtmId)}`;
  if (config.nonce) script.nonce = config.nonce;
  document.head.appendChild(script);
}

/** This visit's attribution over what the cookies held; writes and returns what changed. */
function rememberAttribution(state: AttributionState): AttributionState {
  const visit = attributionOfVisit(new URL(window.location.href), document.referrer, new Date());
  const next = nextAttribution(state, visit);
  if (next.current && next.current !== state.current) {
    setCookie(
      ATTRIBUTION_CURRENT_COOKIE,
      serializeAttribution(next.current),
      ATTRIBUTION_MAX_AGE_SECONDS,
    );
  }
  if (next.first && !state.first) {
    setCookie(
      ATTRIBUTION_FIRST_COOKIE,
      serializeAttribution(next.first),
      ATTRIBUTION_MAX_AGE_SECONDS,
    );
  }
  return next;
}

/** `show` once per section, when a quarter of it is within the lazy-load margin. */
function observeSections(): void {
  const seen = new WeakSet<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || seen.has(entry.target)) continue;
        seen.add(entry.target);
        observer.unobserve(entry.target);
        track('show', { section: (entry.target as HTMLElement).dataset.section ?? null });
      }
    },
    { threshold: SHOW_THRESHOLD, rootMargin: SHOW_ROOT_MARGIN },
  );
  const watch = () => {
    for (const section of document.querySelectorAll('[data-section]')) {
      if (!seen.has(section)) observer.observe(section);
    }
  };
  watch();
  // Client navigations and late islands add sections.
  new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
}

function reportScrollDepth(): void {
  let page = '';
  let reached = new Set<number>();
  const check = () => {
    if (page !== window.location.pathname) {
      page = window.location.pathname;
      reached = new Set();
    }
    const doc = document.documentElement;
    const scrollable = doc.scrollHeight - window.innerHeight;
    const depth = scrollable <= 0 ? 100 : Math.round((window.scrollY / scrollable) * 100);
    for (const mark of SCROLL_DEPTHS) {
      if (depth >= mark && !reached.has(mark)) {
        reached.add(mark);
        track('scroll', { data: { depth: mark } });
      }
    }
  };
  window.addEventListener('scroll', check, { passive: true });
}
