/**
 * Cookie consent (spec §3, §4): which optional categories a visitor allowed, what applies when
 * they have not decided yet (opt-in countries: nothing; elsewhere: everything, except that the
 * browser's Global Privacy Control signal opts out of sale and sharing, i.e. marketing). The
 * decision the api records as proof of consent (GDPR art. 7) is in consent-decision.ts.
 */

/** Bumped whenever the cookie policy's categories or wording change: old decisions are asked again. */
export const CONSENT_POLICY_VERSION = '2026-11-01';

export const CONSENT_COOKIE = 'consent';
/** Spec §9 keeps attribution for 182 days; the decision lasts as long. */
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 182;

export interface ConsentSettings {
  analytics: boolean;
  marketing: boolean;
}

export type ConsentRegime = 'opt_in' | 'opt_out';

export function consentRegime(country: string, optInCountries: readonly string[]): ConsentRegime {
  return optInCountries.includes(country.toUpperCase()) ? 'opt_in' : 'opt_out';
}

/** The cookie's value: the allowed categories joined with '+', e.g. `necessary+analytics`. */
export function consentCookieValue(settings: ConsentSettings): string {
  return ['necessary', settings.analytics && 'analytics', settings.marketing && 'marketing']
    .filter(Boolean)
    .join('+');
}

export function parseConsentCookie(value: string | null | undefined): ConsentSettings | null {
  if (!value) return null;
  const allowed = new Set(decodeURIComponent(value).split('+'));
  if (!allowed.has('necessary')) return null;
  return { analytics: allowed.has('analytics'), marketing: allowed.has('marketing') };
}

export interface EffectiveConsent extends ConsentSettings {
  /** The consent status analytics reports: the cookie's value, or how the default arose. */
  status: string;
  /** Whether the visitor still has to be asked (opt-in country, no decision yet). */
  ask: boolean;
}

/** What applies now: the visitor's decision, or the regime's default; GPC always wins for marketing. */
export function effectiveConsent(
  cookie: string | null | undefined,
  regime: ConsentRegime,
  gpc: boolean,
): EffectiveConsent {
  const decided = parseConsentCookie(cookie);
  if (decided) {
    const settings = { analytics: decided.analytics, marketing: decided.marketing && !gpc };
    return { ...settings, status: consentCookieValue(settings), ask: false };
  }
  if (regime === 'opt_in') {
    return { analytics: false, marketing: false, status: 'pending', ask: true };
  }
  return {
    analytics: true,
    marketing: !gpc,
    status: gpc ? 'default+gpc' : 'default',
    ask: false,
  };
}
