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

/**
 * The newest catalog version this web node has been answered with. Sent as knowledgeBaseVersion,
 * it makes an api node that still holds an older catalog re-read it first, so a price never goes
 * back after a publication, whichever node answers (docs/decisions/011-catalog-versions.md).
 */
let newestSeen = 0;

/** Answers shared by every visitor for a few seconds (plans-cache.ts); failures are not kept. */
export function fetchPackagePlans(
  asked: PackagePlansVariables,
  server: ServerContext,
  /** A console draft's token (`?catalog_preview=`): its prices, never cached. */
  preview?: string,
): Promise<{ data: PackageView | null; error: RequestError | null }> {
  const variables = newestSeen > 0 ? { ...asked, knowledgeBaseVersion: String(newestSeen) } : asked;
  if (preview) return askApi(variables, server, preview);
  return cachedPlans(variables, () => askApi(variables, server), server.experiment);
}

async function askApi(
  variables: PackagePlansVariables,
  server: ServerContext,
  preview?: string,
): Promise<{ data: PackageView | null; error: RequestError | null }> {
  const endpoint = `${getServerConfig().services.pricingApi.url}/graphql`;
  const query = { query: PACKAGE_PLANS_QUERY, variables: JSON.stringify(variables) };
  const useGet = buildUrl(endpoint, undefined, query).length <= MAX_GET_URL;
  const run = () =>
    request(endpoint, {
      answer: packagePlansAnswerSchema,
      method: useGet ? 'GET' : 'POST',
      ...(useGet ? { query } : { body: { query: PACKAGE_PLANS_QUERY, variables } }),
      headers: { accept: ACCEPT, ...(preview ? { 'x-catalog-preview': preview } : {}) },
      server,
    });
  const result = await withRetry(run, PRICING_RETRY);
  if (result.error) return { data: null, error: result.error };
  // request() checked the answer against the contract's schema.
  const plans = result.data?.data.getPackagePlans ?? null;
  // A draft's preview is no published version.
  const version = preview || !plans ? 0 : Number(plans.catalogVersion);
  if (Number.isSafeInteger(version) && version > newestSeen) newestSeen = version;
  return { data: plans, error: null };
}
