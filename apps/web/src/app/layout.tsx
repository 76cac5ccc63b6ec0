import type { ReactNode } from 'react';

/** The document itself is rendered by [locale]/layout.tsx, which knows the language. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
