/** What a visitor's consent allows, as the server sees it: their decision, or their country's default. */
import 'server-only';
import { consentRegime, effectiveConsent } from '@checkout/core';
import consentCountries from '../../../../data/consent-countries.json';

/** Analytics (and with it the experiment cookies): allowed by the `consent` cookie or by default. */
export function allowsAnalytics(country: string, consentCookie: string | undefined): boolean {
  // GPC concerns marketing only: it changes nothing here.
  return effectiveConsent(consentCookie, consentRegime(country, consentCountries.optIn), false)
    .analytics;
}
