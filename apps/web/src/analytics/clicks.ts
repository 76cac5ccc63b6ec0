/**
 * Clicks on marked elements (`data-element`, inside a `data-section`), caught from hydration on:
 * a shopper's first click often comes before the tracker has loaded.
 */
import type { TrackFields } from './track';

/**
 * Spec §9 (MISSING_SECTION_SAMPLE_RATE in @checkout/core), repeated: this module is in every
 * page's first load, where a value import of the package would bring its schemas along.
 */
const MISSING_SECTION_SAMPLE_RATE = 0.4;

export function reportClicks(
  track: (event: 'click', fields: TrackFields) => void,
  /** The sampling's draw, like Math.random (tests pass their own). */
  random: () => number = Math.random,
): void {
  document.addEventListener(
    'click',
    (event) => {
      const clicked = event.target as Element | null;
      // A click on a label's text is followed by the browser's click on its control: count that one.
      const label = clicked?.closest?.('label');
      if (label?.control && label.control !== clicked) return;
      const target = clicked?.closest?.('[data-element]');
      if (!(target instanceof HTMLElement)) return;
      const section = target.closest<HTMLElement>('[data-section]')?.dataset.section ?? null;
      if (!section && random() < MISSING_SECTION_SAMPLE_RATE) {
        console.warn(`analytics: element "${target.dataset.element}" has no section context`);
      }
      track('click', { section, element: target.dataset.element ?? null });
    },
    { capture: true },
  );
}
