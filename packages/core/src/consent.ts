/**
 * Cookie consent (spec §3, §4): which optional categories a visitor allowed, what applies when
 * they have not decided yet (opt-in countries: nothing; elsewhere: everything, except that the
 * browser's Global Privacy Control signal opts out of sale and sharing, i.e. marketing), and
 * the decision the api records as proof of consent (GDPR art. 7).
 */
import { z } from 'zod';

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

/**
 * `POST /api/consent/`: one decision, as the dialog took it. Proof records only what holds: the
 * policy shown is the current one, and "accept all" and "reject all" say what they are.
 */
export const consentDecisionSchema = z
  .strictObject({
    /** The browser's own id, which the api also finds in its `browser_id` cookie. */
    browser_id: z.uuid(),
    policy_version: z.literal(CONSENT_POLICY_VERSION, 'not the current cookie policy'),
    action: z.enum(['accept_all', 'reject_all', 'save']),
    analytics: z.boolean(),
    marketing: z.boolean(),
  })
  .refine(
    (d) =>
      d.action === 'save' ||
      (d.action === 'accept_all' ? d.analytics && d.marketing : !d.analytics && !d.marketing),
    { path: ['action'], message: 'the categories are not what this action allows' },
  );

export type ConsentDecision = z.infer<typeof consentDecisionSchema>;
