'use client';
/**
 * What every page starts once the browser is idle after the first paint (idle-shell.tsx), in one
 * chunk: the navigation progress bar (spec §2, §9: thin, no spinner, trickling every 500 ms;
 * only a navigation shows it) and the address clean-up of spec §4 (query-cleanup-effects.tsx).
 */
import NextTopLoader from 'nextjs-toploader';
import type { CheckedAddress } from '../../rules/query-cleanup';
import QueryCleanupEffects from './query-cleanup-effects';

export default function IdleParts({ checked }: { checked: CheckedAddress }) {
  return (
    <>
      <NextTopLoader color="#1f4fd6" height={3} showSpinner={false} crawlSpeed={500} />
      <QueryCleanupEffects checked={checked} />
    </>
  );
}
