'use client';
/**
 * Every popover of the page (profile menu, language list, tooltips) in one state, so opening
 * one follows core's single/multiple rule (spec §4) for all of them.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { closePopover, openPopover, type PopoverState, type PopoverType } from '../rules/popovers';
import { MISUSE_ERRORS } from '@checkout/core';

interface Popovers {
  state: PopoverState;
  open: (id: string, type: PopoverType) => void;
  close: (id: string) => void;
}

const Context = createContext<Popovers | null>(null);

export function PopoversProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PopoverState>({});
  const open = useCallback(
    (id: string, type: PopoverType) => setState((current) => openPopover(current, id, type)),
    [],
  );
  const close = useCallback((id: string) => setState((current) => closePopover(current, id)), []);
  const value = useMemo(() => ({ state, open, close }), [state, open, close]);
  return <Context value={value}>{children}</Context>;
}

/** One popover: whether it is open, and opening, closing or toggling it under the rule. */
export function usePopover(id: string, type: PopoverType) {
  const popovers = useContext(Context);
  if (!popovers) throw new Error(MISUSE_ERRORS.popovers);
  const { state, open, close } = popovers;
  const isOpen = state[id]?.open ?? false;
  return {
    open: isOpen,
    show: () => open(id, type),
    hide: () => close(id),
    toggle: () => (isOpen ? close(id) : open(id, type)),
  };
}
