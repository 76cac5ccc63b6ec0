/**
 * The one call components make: `track('plans_selected', …)`. It costs almost nothing on the
 * first load: events wait in a queue until the tracker (loaded when the browser is idle) takes
 * them, enriches them with the page's context and sends them to both destinations.
 */
import type { AnalyticsContext, CollectedEventName } from '@checkout/core';

export interface TrackFields {
  section?: string | null;
  element?: string | null;
  context?: AnalyticsContext;
  data?: Record<string, string | number>;
}

export interface QueuedEvent extends TrackFields {
  event: CollectedEventName;
  time: number;
  page: string;
  /** What the page had told analytics so far (plans, payments, coupon…), as it was then. */
  state: AnalyticsContext;
}

declare global {
  interface Window {
    __analyticsQueue?: QueuedEvent[];
    __analyticsSink?: (event: QueuedEvent) => void;
    __analyticsState?: AnalyticsContext;
    /** Last event time handed out: strictly increasing across both copies of track(). */
    __analyticsLastTime?: number;
  }
}

/** `next` over `base`; the parts of a group (plans, payments, taxes) merge with the earlier ones. */
export function mergeContext(base: AnalyticsContext, next: AnalyticsContext): AnalyticsContext {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(next)) {
    const before = merged[key];
    merged[key] =
      value && before && typeof value === 'object' && !Array.isArray(value)
        ? { ...before, ...value }
        : value;
  }
  return merged;
}

/** Remembers context for every later event of this page (e.g. the plans on offer). */
export function setAnalyticsContext(context: AnalyticsContext): void {
  if (typeof window === 'undefined') return;
  window.__analyticsState = mergeContext(window.__analyticsState ?? {}, context);
}

export function track(event: CollectedEventName, fields: TrackFields = {}): void {
  if (typeof window === 'undefined') return;
  // Strictly increasing times keep the order of events made in the same millisecond.
  const time = Math.max(Date.now(), (window.__analyticsLastTime ?? 0) + 1);
  window.__analyticsLastTime = time;
  const queued: QueuedEvent = {
    ...fields,
    event,
    time,
    page: window.location.pathname,
    state: { ...window.__analyticsState },
  };
  if (window.__analyticsSink) window.__analyticsSink(queued);
  else (window.__analyticsQueue ??= []).push(queued);
}
