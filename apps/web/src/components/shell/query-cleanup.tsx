'use client';
/**
 * The address clean-up of spec §4 (query-cleanup-effects.tsx), fetched once the browser is idle
 * after the first paint: it checks every parameter against core's rules, which are zod schemas,
 * and those kept zod (about 40 KB gzip) in every page's first load. The address is tidied a moment
 * later; what the server rendered was already read from the validated parameters.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const QueryCleanupEffects = lazy(() => import('./query-cleanup-effects'));

export function QueryCleanup() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 1);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle ? (
    <Suspense fallback={null}>
      <QueryCleanupEffects />
    </Suspense>
  ) : null;
}
