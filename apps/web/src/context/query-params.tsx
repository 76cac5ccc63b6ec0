'use client';
/** Read and replace the address's query parameters from client islands, without a reload. */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { MISUSE_ERRORS } from '@checkout/core';

interface QueryParams {
  params: URLSearchParams;
  /** Sets (string) or removes (null) parameters and replaces the history entry. */
  update(changes: Readonly<Record<string, string | null>>): void;
}

const Context = createContext<QueryParams | null>(null);

export function QueryParamsProvider({ children }: { children: ReactNode }) {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const update = useCallback(
    (changes: Readonly<Record<string, string | null>>) => {
      const next = new URLSearchParams(searchParams.toString());
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      const query = next.toString();
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [searchParams, pathname, router],
  );
  const value = useMemo(
    () => ({ params: new URLSearchParams(searchParams.toString()), update }),
    [searchParams, update],
  );
  return <Context value={value}>{children}</Context>;
}

export function useQueryParams(): QueryParams {
  const value = useContext(Context);
  if (!value) throw new Error(MISUSE_ERRORS.queryParams);
  return value;
}
