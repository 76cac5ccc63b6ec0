/** Popover rules (spec §4): which popovers stay open when another one opens or closes. */
export type PopoverType = 'single' | 'multiple';

export interface Popover {
  id: string;
  type: PopoverType;
  open: boolean;
}

export type PopoverState = Readonly<Record<string, Popover>>;

/**
 * Opening a single popover closes all others; opening a multiple one closes only the
 * open single ones.
 */
export function openPopover(state: PopoverState, id: string, type: PopoverType): PopoverState {
  const next: Record<string, Popover> = {};
  for (const [key, popover] of Object.entries(state)) {
    const closes = type === 'single' || popover.type === 'single';
    next[key] = closes && popover.open ? { ...popover, open: false } : popover;
  }
  next[id] = { id, type, open: true };
  return next;
}

/** Closing marks only that popover closed. */
export function closePopover(state: PopoverState, id: string): PopoverState {
  const popover = state[id];
  if (!popover?.open) return state;
  return { ...state, [id]: { ...popover, open: false } };
}
