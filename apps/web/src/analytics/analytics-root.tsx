'use client';
/**
 * Starts analytics without weighing on the first load: a page_view per address, experiment
 * exposures caught from the first moment, the tracker loaded once the browser is idle, and the
 * consent banner offered to a visitor who must opt in and has not decided yet.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePathname } from 'next/navigation';
// Types only from @checkout/core: a value import would put the package's schemas in every page's first load.
import type { CollectedEventName, privacyButtonKind } from '@checkout/core';
import { reportClicks } from './clicks';
import type { QueuedEvent, TrackFields } from './track';
import type { TrackerConfig } from './tracker';

const ConsentDialog = lazy(() => import('../components/consent/consent-dialog'));

/** The experiments layer announces each exposure with this event (its recordExposure()). */
const EXPOSURE_DOM_EVENT = 'checkout:experiment-exposure';
const EXPOSURE_EVENT: CollectedEventName = 'experiment_exposure';

/**
 * track() of ./track, repeated here on purpose: importing that module (shared with the page's
 * components) made the bundler put the layout in one chunk with @checkout/core's schemas.
 */
function track(event: CollectedEventName, fields: TrackFields = {}): void {
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

if (typeof window !== 'undefined') {
  reportClicks(track);
  window.addEventListener(EXPOSURE_DOM_EVENT, (event) => {
    const detail = (event as CustomEvent<{ experimentId?: unknown; variant?: unknown }>).detail;
    if (typeof detail?.experimentId !== 'string' || typeof detail.variant !== 'string') return;
    track(EXPOSURE_EVENT, {
      data: { experiment_id: detail.experimentId, variant: detail.variant },
    });
  });
}

interface AnalyticsRootProps {
  config: TrackerConfig;
  privacyKind: ReturnType<typeof privacyButtonKind>;
}

export function AnalyticsRoot({ config, privacyKind }: AnalyticsRootProps) {
  const pathname = usePathname();
  const [ask, setAsk] = useState(false);

  useEffect(() => {
    track('page_view');
  }, [pathname]);

  useEffect(() => {
    const start = () =>
      void import('./tracker').then(({ startTracker, currentConsent }) => {
        startTracker(config);
        setAsk(currentConsent(config).ask);
      });
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(start, 1);
    return () => clearTimeout(handle);
  }, [config]);

  return ask ? (
    <Suspense fallback={null}>
      <ConsentDialog kind={privacyKind} banner onClose={() => setAsk(false)} />
    </Suspense>
  ) : null;
}
