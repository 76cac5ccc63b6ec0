import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportClicks } from './clicks';
import type { TrackFields } from './track';

/** Just enough of the DOM for the click listener: marked elements inside (or outside) a section. */
class FakeElement {
  constructor(
    readonly dataset: Record<string, string>,
    private readonly section: FakeElement | null,
  ) {}
  closest(selector: string): FakeElement | null {
    if (selector === 'label') return null;
    if (selector === '[data-element]') return this;
    return this.section;
  }
}

function listen(random: () => number) {
  let onClick: ((event: { target: unknown }) => void) | undefined;
  vi.stubGlobal('HTMLElement', FakeElement);
  vi.stubGlobal('document', {
    addEventListener: (_type: string, listener: typeof onClick) => {
      onClick = listener;
    },
  });
  const tracked: TrackFields[] = [];
  reportClicks((_event, fields) => tracked.push(fields), random);
  const click = (target: FakeElement) => onClick?.({ target });
  return { tracked, click };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('clicks on marked elements', () => {
  it('reports 4 in 10 clicks that lack a section context (spec §9: 40 % sampling), and tracks them all', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // An even spread of draws: 0.0, 0.1, … 0.9.
    let draw = 0;
    const { tracked, click } = listen(() => (draw++ % 10) / 10);
    const orphan = new FakeElement({ element: 'pay-button' }, null);
    for (let i = 0; i < 10; i++) click(orphan);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn).toHaveBeenCalledWith('analytics: element "pay-button" has no section context');
    expect(tracked).toHaveLength(10);
    expect(tracked[0]).toEqual({ section: null, element: 'pay-button' });
  });

  it('never reports a click inside a section, whatever the draw', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { tracked, click } = listen(() => 0);
    const section = new FakeElement({ section: 'plans' }, null);
    click(new FakeElement({ element: 'tier-plus' }, section));
    expect(warn).not.toHaveBeenCalled();
    expect(tracked).toEqual([{ section: 'plans', element: 'tier-plus' }]);
  });
});
