/** Country handling shared by the shell and (later) taxes and address layouts. */
export const DEFAULT_COUNTRY = 'US';

/** ISO 3166-1 alpha-2, upper case; anything else is not a country we can use. */
export function normalizeCountry(value: string | null | undefined): string | undefined {
  const upper = value?.trim().toUpperCase();
  return upper && /^[A-Z]{2}$/.test(upper) && upper !== 'XX' && upper !== 'T1' ? upper : undefined;
}

/** 'Your privacy choices' is for US visitors; everyone else gets 'Cookie preferences'. */
export function privacyButtonKind(country: string): 'usPrivacyChoices' | 'cookiePreferences' {
  return country === 'US' ? 'usPrivacyChoices' : 'cookiePreferences';
}
