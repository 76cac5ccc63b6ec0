'use client';
/**
 * The navigation progress bar and the address clean-up (idle-parts.tsx), fetched once the browser
 * is idle after the first paint rather than with the page: the bar shows only on a navigation
 * (about 3 KB gzip), and the clean-up checks every parameter against core's rules, which are zod
 * schemas (about 40 KB gzip). The address is tidied a moment later; what the server rendered was
 * already read from the validated parameters.
 */
import { lazy, Suspense } from 'react';
import { useIdle } from '../../lib/use-idle';

const IdleParts = lazy(() => import('./idle-parts'));

export function IdleShell() {
  const idle = useIdle();
  return idle ? (
    <Suspense fallback={null}>
      <IdleParts />
    </Suspense>
  ) : null;
}
