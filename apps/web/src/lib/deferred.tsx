'use client';
/**
 * A component whose code is not in the page's first load: the server renders it with the page,
 * the browser fetches its module as the page hydrates and hydrates it once it is in (until then
 * the server's HTML stays as it is). For parts the shopper does not start with; the modules of
 * one place share a chunk by coming from one `load`.
 */
import { lazy, Suspense, type ComponentType } from 'react';

export function deferred<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Part = lazy(() => load().then((module) => ({ default: pick(module) })));
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
