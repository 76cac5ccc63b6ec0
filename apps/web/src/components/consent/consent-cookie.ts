/** The consent cookie (spec §3): which optional cookie categories the visitor allowed. */
export interface ConsentSettings {
  analytics: boolean;
  marketing: boolean;
}

export const CONSENT_COOKIE = 'consent';
const MAX_AGE = 60 * 60 * 24 * 182;

export function readConsent(cookieHeader: string): ConsentSettings | null {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (!raw) return null;
  const allowed = new Set(decodeURIComponent(raw).split('+'));
  return { analytics: allowed.has('analytics'), marketing: allowed.has('marketing') };
}

export function serializeConsent(settings: ConsentSettings): string {
  const allowed = [
    'necessary',
    settings.analytics && 'analytics',
    settings.marketing && 'marketing',
  ]
    .filter(Boolean)
    .join('+');
  return `${CONSENT_COOKIE}=${encodeURIComponent(allowed)}; Max-Age=${MAX_AGE}; Path=/; SameSite=Lax`;
}
