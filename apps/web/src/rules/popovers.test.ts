import { describe, expect, it } from 'vitest';
import { closePopover, openPopover, type PopoverState } from './popovers';

const openIds = (state: PopoverState) =>
  Object.values(state)
    .filter((p) => p.open)
    .map((p) => p.id)
    .sort();

describe('popovers', () => {
  it('opening a single popover closes every other one', () => {
    let state: PopoverState = {};
    state = openPopover(state, 'tooltip-a', 'multiple');
    state = openPopover(state, 'tooltip-b', 'multiple');
    state = openPopover(state, 'menu', 'single');
    expect(openIds(state)).toEqual(['menu']);
  });

  it('opening a multiple popover closes only the single ones', () => {
    let state: PopoverState = {};
    state = openPopover(state, 'tooltip-a', 'multiple');
    state = openPopover(state, 'menu', 'single');
    state = openPopover(state, 'tooltip-b', 'multiple');
    expect(openIds(state)).toEqual(['tooltip-b']);
    state = openPopover(state, 'tooltip-c', 'multiple');
    expect(openIds(state)).toEqual(['tooltip-b', 'tooltip-c']);
  });

  it('closing marks only that popover closed', () => {
    let state: PopoverState = {};
    state = openPopover(state, 'a', 'multiple');
    state = openPopover(state, 'b', 'multiple');
    state = closePopover(state, 'a');
    expect(openIds(state)).toEqual(['b']);
    expect(closePopover(state, 'missing')).toBe(state);
  });
});
