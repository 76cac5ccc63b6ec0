/**
 * Exposures: a visitor counts in an experiment's results only once its variant (or the control)
 * was actually rendered. The analytics layer listens for `checkout:experiment-exposure`; this
 * module only announces, once per experiment and variant per page view.
 */
export const EXPOSURE_EVENT = 'checkout:experiment-exposure';

export interface ExposureDetail {
  experimentId: string;
  variant: string;
}

let page: string | null = null;
const seen = new Set<string>();

export function recordExposure(experimentId: string, variant: string): void {
  if (typeof window === 'undefined') return;
  // A client-side navigation is a new page view: its exposures count again.
  const here = `${window.location.pathname}${window.location.search}`;
  if (here !== page) {
    page = here;
    seen.clear();
  }
  const key = `${experimentId}:${variant}`;
  if (seen.has(key)) return;
  seen.add(key);
  const detail: ExposureDetail = { experimentId, variant };
  window.dispatchEvent(new CustomEvent<ExposureDetail>(EXPOSURE_EVENT, { detail }));
}
