'use client';
/**
 * Thin navigation progress bar, no spinner, trickling every 500 ms (spec §2, §9). Only a
 * navigation shows it, so it is fetched once the browser is idle after the first paint rather
 * than with the page (about 3 KB gzip of every page's first load).
 */
import { lazy, Suspense } from 'react';
import { useIdle } from '../../lib/use-idle';

const NextTopLoader = lazy(() => import('nextjs-toploader'));

export function ProgressBar() {
  const idle = useIdle();
  return idle ? (
    <Suspense fallback={null}>
      <NextTopLoader color="#1f4fd6" height={3} showSpinner={false} crawlSpeed={500} />
    </Suspense>
  ) : null;
}
