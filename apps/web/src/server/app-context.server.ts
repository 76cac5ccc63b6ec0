/** Builds the application context (spec §3) once per request from headers and cookies. */
import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import {
  deviceTypeFrom,
  isProductGroup,
  languageOf,
  parseAssignments,
  resolveCurrency,
  type Assignments,
  type AppContext,
  type ProductGroup,
} from '@checkout/core';
import { env } from '../env.server';
import { featureFlagsFor } from './feature-flags.server';
import { countryOf } from './geo.server';
import { getCurrentUser } from './user.server';
import {
  REQUEST_EXPERIMENTS_HEADER,
  REQUEST_FF_HEADER,
  REQUEST_PRICING_EXPERIMENT_HEADER,
  REQUEST_URL_HEADER,
} from './request-headers';

/** The address the visitor asked for (path with locale prefix, and query), as the proxy saw it. */
export const getRequestUrl = cache(async (): Promise<URL> => {
  const path = (await headers()).get(REQUEST_URL_HEADER) ?? '/';
  return new URL(path, 'http://request.local');
});

export const getProductGroup = cache(async (): Promise<ProductGroup | undefined> => {
  const group = (await getRequestUrl()).searchParams.get('product_group');
  return isProductGroup(group) ? group : undefined;
});

/** The variants this page renders, as the proxy assigned them before rendering. */
export const getActiveExperiments = cache(async (): Promise<Assignments> =>
  parseAssignments((await headers()).get(REQUEST_EXPERIMENTS_HEADER)),
);

export const getAppContext = cache(async (): Promise<AppContext> => {
  const requestHeaders = await headers();
  const url = await getRequestUrl();
  const language = languageOf(await getLocale());
  const country = countryOf(requestHeaders);
  return {
    geoData: { countryCode: country },
    currency: resolveCurrency(url.searchParams.get('currency'), country),
    user: await getCurrentUser(),
    countdownEndTime: env.PROMO_COUNTDOWN_END ? Date.parse(env.PROMO_COUNTDOWN_END) : null,
    enabledExperimentIds: Object.keys(await getActiveExperiments()),
    deviceType: deviceTypeFrom(requestHeaders.get('user-agent')),
    featureFlags: featureFlagsFor(requestHeaders.get(REQUEST_FF_HEADER) ?? undefined),
    pricingExperimentId: requestHeaders.get(REQUEST_PRICING_EXPERIMENT_HEADER) || null,
    language: { localeCode: language.localeCode, urlCode: language.urlCode, rtl: language.rtl },
    tracyUrl: null,
    error: null,
  };
});
