'use client';
/**
 * True once the browser is idle after the first paint (at most 2 s later): for code the first
 * paint does not need, fetched then instead of with the page.
 */
import { useEffect, useState } from 'react';

export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 1);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}
