'use client';
/** Support and landing links of the current product, for screens rendered in the browser. */
import { createContext, useContext, type ReactNode } from 'react';

export interface ShellLinks {
  supportUrl: string;
  landingUrl: string;
}

const Context = createContext<ShellLinks | null>(null);

export function ShellLinksProvider({
  value,
  children,
}: {
  value: ShellLinks;
  children: ReactNode;
}) {
  return <Context value={value}>{children}</Context>;
}

export function useShellLinks(): ShellLinks {
  const value = useContext(Context);
  if (!value) throw new Error('useShellLinks is used outside of ShellLinksProvider');
  return value;
}
