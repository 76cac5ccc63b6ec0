'use client';
/**
 * The promotional countdown. The server cannot know the shopper's clock and renders none, so the
 * clock's code (countdown-clock.tsx) is fetched once the page has hydrated, not with the page.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

const CountdownClock = lazy(() =>
  import('./countdown-clock').then((m) => ({ default: m.CountdownClock })),
);

export function Countdown(props: ComponentProps<typeof CountdownClock>) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <CountdownClock {...props} />
    </Suspense>
  ) : null;
}
