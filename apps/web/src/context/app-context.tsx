'use client';
/** The per-request application context, handed from the server layout to client islands. */
import { createContext, useContext, type ReactNode } from 'react';
import { MISUSE_ERRORS } from '@checkout/core';
import type { AppContext } from '../rules/app-context';

const Context = createContext<AppContext | null>(null);

export function AppContextProvider({
  value,
  children,
}: {
  value: AppContext;
  children: ReactNode;
}) {
  return <Context value={value}>{children}</Context>;
}

export function useAppContext(): AppContext {
  const value = useContext(Context);
  if (!value) throw new Error(MISUSE_ERRORS.appContext);
  return value;
}
