/** The pricing client: getPackagePlans against the api's GraphQL, retried, validated. */
import 'server-only';
import {
  packagePlansAnswerSchema,
  type PackagePlansVariables,
  type PackageView,
} from '@checkout/core/contract';
import { buildUrl, request, type ServerContext } from '../lib/http';
import type { RequestError } from '../lib/request-error';
import { PACKAGE_PLANS_QUERY } from '../lib/pricing-query';
import { PRICING_RETRY, withRetry } from '../lib/retry';
import { createPlansCache } from './plans-cache';
import { getServerConfig } from './server-config.server';

/** GraphQL GET URLs stay under this length (spec §7); longer requests are POSTed. */
const MAX_GET_URL = 2047;
const ACCEPT = 'application/graphql+json, application/json';

const cachedPlans = createPlansCache();

/** Answers shared by every visitor for a few seconds (plans-cache.ts); failures are not kept. */
export function fetchPackagePlans(
  variables: PackagePlansVariables,
  server: ServerContext,
): Promise<{ data: PackageView | null; error: RequestError | null }> {
  return cachedPlans(variables, () => askApi(variables, server), server.experiment);
}

async function askApi(
  variables: PackagePlansVariables,
  server: ServerContext,
): Promise<{ data: PackageView | null; error: RequestError | null }> {
  const endpoint = `${getServerConfig().services.pricingApi.url}/graphql`;
  const query = { query: PACKAGE_PLANS_QUERY, variables: JSON.stringify(variables) };
  const useGet = buildUrl(endpoint, undefined, query).length <= MAX_GET_URL;
  const run = () =>
    request(endpoint, {
      answer: packagePlansAnswerSchema,
      method: useGet ? 'GET' : 'POST',
      ...(useGet ? { query } : { body: { query: PACKAGE_PLANS_QUERY, variables } }),
      headers: { accept: ACCEPT },
      server,
    });
  const result = await withRetry(run, PRICING_RETRY);
  return { data: result.data?.data.getPackagePlans ?? null, error: result.error };
}
