/** The consent cookie (spec §3): which optional cookie categories the visitor allowed. */
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentCookieValue,
  cookieValue,
  parseConsentCookie,
  type ConsentSettings,
} from '@checkout/core';

export type { ConsentSettings };

export function readConsent(cookieHeader: string): ConsentSettings | null {
  return parseConsentCookie(cookieValue(cookieHeader, CONSENT_COOKIE));
}

export function serializeConsent(settings: ConsentSettings): string {
  return `${CONSENT_COOKIE}=${encodeURIComponent(consentCookieValue(settings))}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}
