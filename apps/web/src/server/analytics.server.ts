/**
 * What the browser's analytics needs from the server: consent regime, GPC, nonce, base context,
 * and the attribution cookies read with core's schema.
 */
import 'server-only';
import { headers } from 'next/headers';
import { analyticsContextOfAddress } from '../rules/analytics-request';
import {
  analyticsProductId,
  attributionCookies,
  consentRegime,
  privacyButtonKind,
} from '@checkout/core';
import type { AppContext } from '../rules/app-context';
import consentCountries from '../../../../data/consent-countries.json';
import type { TrackerConfig } from '../analytics/tracker';
import { env } from '../env.server';
import { REQUEST_URL_HEADER } from './request-headers';

/** The nonce Next.js put on this answer's scripts, read back from the request's policy. */
function nonceOf(policy: string | null): string | null {
  return /'nonce-([^']+)'/.exec(policy ?? '')?.[1] ?? null;
}

export async function analyticsSetup(
  context: AppContext,
  group: string | undefined,
): Promise<{ config: TrackerConfig; privacyKind: ReturnType<typeof privacyButtonKind> }> {
  const requestHeaders = await headers();
  const country = context.geoData.countryCode;
  // The address as the proxy saw it (path and query), before any client-side clean-up.
  const address = new URL(requestHeaders.get(REQUEST_URL_HEADER) ?? '/', 'http://checkout');
  return {
    privacyKind: privacyButtonKind(country),
    config: {
      regime: consentRegime(country, consentCountries.optIn),
      gpc: requestHeaders.get('sec-gpc') === '1',
      gtmId: env.GTM_ID ?? null,
      nonce: nonceOf(requestHeaders.get('content-security-policy')),
      base: {
        logged_in: context.user !== null,
        page_language: context.language.localeCode,
        currency: context.currency,
        countdown_end_time: context.countdownEndTime,
        experiment: context.enabledExperimentIds.join('+'),
        product_id: analyticsProductId(group),
        ...analyticsContextOfAddress(address.searchParams),
      },
      attribution: attributionCookies(requestHeaders.get('cookie') ?? ''),
    },
  };
}
