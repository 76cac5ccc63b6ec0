'use client';
/**
 * The challenge, fetched only when a page shows it: React's own lazy (no loader of Next's), so
 * the first-load JS of the pages that may show it stays as it was.
 */
import { lazy, Suspense } from 'react';
import type { HumanChallengeProps } from './human-challenge';

const HumanChallenge = lazy(() => import('./human-challenge'));

export function LazyHumanChallenge(props: HumanChallengeProps) {
  return (
    <Suspense fallback={null}>
      <HumanChallenge {...props} />
    </Suspense>
  );
}
