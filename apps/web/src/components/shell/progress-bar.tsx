'use client';
/** Thin navigation progress bar, no spinner, trickling every 500 ms (spec §2, §9). */
import NextTopLoader from 'nextjs-toploader';

export function ProgressBar() {
  return <NextTopLoader color="#1f4fd6" height={3} showSpinner={false} crawlSpeed={500} />;
}
