/**
 * The analytics events of spec §7 and the constants of §9, without zod: the browser's
 * first-load code imports these, and must not pull in the schemas.
 */

export const ANALYTICS_EVENTS = [
  'click',
  'page_view',
  'show',
  'error',
  'coupon_applied',
  'coupon_initiated',
  'coupon_declined',
  'coupon_removed',
  'plans_displayed',
  'plans_selected',
  'plans_preselected',
  'payments_loaded',
  'payments_selected',
  'payments_preselected',
  'payments_initiated',
  'payments_submitted',
  'taxes_selected',
  'taxes_preselected',
  'form_update',
  'scroll',
  'conversion',
] as const;

/** Not one of the 21: the experiment layer's exposures, kept by the collector for the report. */
export const EXPOSURE_EVENT = 'experiment_exposure';

export const COLLECTED_EVENTS = [...ANALYTICS_EVENTS, EXPOSURE_EVENT] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];
export type CollectedEventName = (typeof COLLECTED_EVENTS)[number];

/** Spec §9: the product id analytics reports for a product group (data removal shares 1). */
export function analyticsProductId(group: string | null | undefined): number {
  switch (group) {
    case 'pass':
      return 2;
    case 'locker':
      return 3;
    case 'threat_protection':
      return 7;
    default:
      return 1;
  }
}

/** A plan as analytics names it: its identifier and its product's id (`threat-protection-…` → 7). */
export function analyticsPlanRef(identifier: string): { identifier: string; product_id: number } {
  const group = identifier.replace(/-/g, '_');
  const product = ['data_removal', 'threat_protection', 'vpn', 'pass', 'locker', 'bundle'].find(
    (g) => group.startsWith(g),
  );
  return { identifier, product_id: analyticsProductId(product) };
}

/** Spec §9: missing section context is reported for this share of the clicks that lack it. */
export const MISSING_SECTION_SAMPLE_RATE = 0.4;
/** Spec §9: a section counts as shown once this share of it is visible… */
export const SHOW_THRESHOLD = 0.25;
/** …within the lazy-load margin. */
export const SHOW_ROOT_MARGIN = '30% 0px';

/** Largest batch the collector takes in one request, and the browser's flush size. */
export const MAX_EVENT_BATCH = 50;

/** The browser's random analytics id (first-party, set once analytics is allowed). */
export const ANALYTICS_BROWSER_COOKIE = 'browser_id';
