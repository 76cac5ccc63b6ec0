/** The consent cookie (spec §3): which optional cookie categories the visitor allowed. */
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentCookieValue,
  parseConsentCookie,
  type ConsentSettings,
} from '@checkout/core';

export type { ConsentSettings };

export function readConsent(cookieHeader: string): ConsentSettings | null {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  return parseConsentCookie(raw);
}

export function serializeConsent(settings: ConsentSettings): string {
  return `${CONSENT_COOKIE}=${encodeURIComponent(consentCookieValue(settings))}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}
