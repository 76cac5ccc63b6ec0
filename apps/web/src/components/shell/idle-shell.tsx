'use client';
/**
 * The navigation progress bar and the address clean-up (idle-parts.tsx), fetched once the browser
 * is idle after the first paint rather than with the page: the bar shows only on a navigation
 * (about 3 KB gzip), and the clean-up removes the parameters the server's rules refused (and
 * fetches the rules, zod schemas of about 40 KB gzip, only for an address the page came to later).
 * The address is tidied a moment later; what the server rendered was already read from the
 * validated parameters.
 */
import { lazy, Suspense } from 'react';
import { useIdle } from '../../lib/use-idle';
import type { CheckedAddress } from '../../rules/query-cleanup';

const IdleParts = lazy(() => import('./idle-parts'));

export function IdleShell({ checked }: { checked: CheckedAddress }) {
  const idle = useIdle();
  return idle ? (
    <Suspense fallback={null}>
      <IdleParts checked={checked} />
    </Suspense>
  ) : null;
}
