/** Builds the application context (spec §3) once per request from headers and cookies. */
import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { getLocale } from 'next-intl/server';
import {
  DEV_SETTINGS_COOKIE,
  isProductionDeploy,
  languageOf,
  resolveCurrency,
  type ProductGroup,
} from '@checkout/core';
import {
  deviceTypeFrom,
  parseDevSettings,
  type AppContext,
  type DevSettings,
} from '../rules/app-context';
import { parseAssignments, type Assignments } from '@checkout/core/experiments';
import { readQueryParam } from '../rules/query-params';
import { env } from '../env.server';
import { CLIENT_NAMESPACES } from '../i18n/messages';
import { featureFlagsFor } from './feature-flags.server';
import { countryOf, regionOf } from './geo.server';
import { reportServerWarning } from './telemetry.server';
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

/** `product_group`, or the bundle when `bundle_type` asks for bundles. */
export const getProductGroup = cache(async (): Promise<ProductGroup | undefined> => {
  const params = (await getRequestUrl()).searchParams;
  const group = readQueryParam(params, 'product_group');
  if (group) return group;
  return readQueryParam(params, 'bundle_type') === 'bundle' ? 'bundle' : undefined;
});

/** Same-origin path of the browser's trace collector (spec §7). */
const TRACE_COLLECTOR_PATH = '/otel-collector/v1/traces';

/**
 * The runtime dev-settings cookie (spec §3), honoured outside production only; its presence
 * is reported as a warning (spec §8), since a page then differs from what shoppers see.
 */
export const getDevSettings = cache(async (): Promise<DevSettings | null> => {
  const raw = (await cookies()).get(DEV_SETTINGS_COOKIE)?.value;
  if (!raw) return null;
  const production = isProductionDeploy(env.DEPLOY_ENV);
  reportServerWarning(
    production
      ? 'runtime dev settings cookie ignored in production'
      : 'runtime dev settings cookie in use',
    'runtime-dev-settings',
  );
  return production ? null : parseDevSettings(raw);
});

function countdownEnd(dev: DevSettings | null): number | null {
  if (dev?.countdownEndTime !== undefined) return dev.countdownEndTime;
  return env.PROMO_COUNTDOWN_END ? Date.parse(env.PROMO_COUNTDOWN_END) : null;
}

/** The variants this page renders, as the proxy assigned them before rendering. */
export const getActiveExperiments = cache(async (): Promise<Assignments> =>
  parseAssignments((await headers()).get(REQUEST_EXPERIMENTS_HEADER)),
);

export const getAppContext = cache(async (): Promise<AppContext> => {
  const requestHeaders = await headers();
  const url = await getRequestUrl();
  const language = languageOf(await getLocale());
  const dev = await getDevSettings();
  const country = dev?.countryCode ?? countryOf(requestHeaders);
  // QA overrides (the proxy forwards them for signed QA visitors) win over dev settings.
  const flagOverrides = [dev?.featureFlags, requestHeaders.get(REQUEST_FF_HEADER)]
    .filter(Boolean)
    .join(',');
  return {
    geoData: { countryCode: country, ...(dev?.countryCode ? {} : regionOf(requestHeaders)) },
    currency: resolveCurrency(readQueryParam(url.searchParams, 'currency'), country),
    user: await getCurrentUser(),
    countdownEndTime: countdownEnd(dev),
    enabledExperimentIds: Object.keys(await getActiveExperiments()),
    deviceType: deviceTypeFrom(
      requestHeaders.get('user-agent'),
      requestHeaders.get('sec-ch-ua-mobile'),
    ),
    featureFlags: featureFlagsFor(flagOverrides || undefined),
    pricingExperimentId: requestHeaders.get(REQUEST_PRICING_EXPERIMENT_HEADER) || null,
    language: { localeCode: language.localeCode, urlCode: language.urlCode, rtl: language.rtl },
    translations: { localeCode: language.localeCode, namespaces: [...CLIENT_NAMESPACES] },
    tracyUrl: TRACE_COLLECTOR_PATH,
    error: null,
  };
});
