'use client';
/**
 * False on the server and while hydrating, true from the render after: for parts the server
 * cannot render (the shopper's clock), whose code can then load after the first paint.
 */
import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
