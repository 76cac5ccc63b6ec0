'use client';
/**
 * What every page starts once the browser is idle after the first paint (idle-shell.tsx), in one
 * chunk: the navigation progress bar (spec §2, §9: thin, no spinner, trickling every 500 ms;
 * only a navigation shows it) and the address clean-up of spec §4 (query-cleanup-effects.tsx).
 */
import NextTopLoader from 'nextjs-toploader';
import type { CheckedAddress } from '../../rules/query-cleanup';
import QueryCleanupEffects from './query-cleanup-effects';

/**
 * The bar only (no spinner), hidden from assistive technology: it is decorative, and the
 * library's template gives it role="bar", no ARIA role (axe: critical). nprogress finds the bar
 * by that attribute, so it stays, under a wrapper that hides it.
 */
const BAR =
  '<div aria-hidden="true"><div class="bar" role="bar"><div class="peg"></div></div></div>';

export default function IdleParts({ checked }: { checked: CheckedAddress }) {
  return (
    <>
      <NextTopLoader
        color="#1f4fd6"
        height={3}
        showSpinner={false}
        crawlSpeed={500}
        template={BAR}
      />
      <QueryCleanupEffects checked={checked} />
    </>
  );
}
