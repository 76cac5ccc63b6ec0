'use client';
/**
 * The address clean-up of spec §4 (query-cleanup-effects.tsx), fetched once the browser is idle
 * after the first paint: it checks every parameter against core's rules, which are zod schemas,
 * and those kept zod (about 40 KB gzip) in every page's first load. The address is tidied a moment
 * later; what the server rendered was already read from the validated parameters.
 */
import { lazy, Suspense } from 'react';
import { useIdle } from '../../lib/use-idle';

const QueryCleanupEffects = lazy(() => import('./query-cleanup-effects'));

export function QueryCleanup() {
  const idle = useIdle();
  return idle ? (
    <Suspense fallback={null}>
      <QueryCleanupEffects />
    </Suspense>
  ) : null;
}
