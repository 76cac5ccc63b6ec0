/** What the checkout shows for a request: product, package, currency, filters, plans. */
import 'server-only';
import { BACKEND_CODES, type PackageView } from '@checkout/core/contract';
import {
  DEFAULT_PACKAGES,
  DEFAULT_PRODUCT_GROUP,
  parseFiltersParam,
  resolveCurrency,
  SUBGROUPS,
  type Currency,
  type ProductFilters,
  type ProductGroup,
} from '@checkout/core';
import { isEnabled, type FeatureFlags } from '../rules/feature-flags';
import { readQueryParam } from '../rules/query-params';
import type { RequestError } from '../lib/request-error';
import { getAppContext, getRequestUrl } from './app-context.server';
import { fetchPackagePlans } from './pricing.server';
import { getServerContext } from './server-context.server';

export interface CheckoutPlans {
  group: ProductGroup;
  currency: Currency;
  filters: ProductFilters;
  pkg: PackageView | null;
  error: RequestError | null;
  /** Plan (`price_ids`, `product`) or period (`product_period`) asked for in the address. */
  preselect: { plan: string | null; period: string | null; priceIds: string[] | null };
}

/** `product_group`, else the bundle when `bundle_type` asks for bundles, else the VPN. */
export function productGroupOf(params: URLSearchParams): ProductGroup {
  const group = readQueryParam(params, 'product_group');
  if (group) return group;
  return readQueryParam(params, 'bundle_type') === 'bundle' ? 'bundle' : DEFAULT_PRODUCT_GROUP;
}

function filtersFrom(group: ProductGroup, params: URLSearchParams): ProductFilters {
  const filters = parseFiltersParam(group, params.get('product_filters'));
  const subgroup = params.get('product_subgroup');
  const known = SUBGROUPS.find((s) => s === subgroup);
  return known && filters.subgroup ? { ...filters, subgroup: known } : filters;
}

/** Filters in the wire format of getPackagePlans (spec §3 parameter bag). */
function toFilterBag(filters: ProductFilters): Record<string, unknown> {
  return {
    ...(filters.subgroup ? { subgroup: filters.subgroup } : {}),
    ...(filters.storageQuota
      ? {
          storage_quota_amount: filters.storageQuota.amount,
          storage_quota_unit: filters.storageQuota.unit,
        }
      : {}),
  };
}

function isCouponUnavailable(error: RequestError): boolean {
  const errors = (error.data as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors;
  return errors?.some((e) => e.extensions?.code === BACKEND_CODES.couponNotAvailable) ?? false;
}

/**
 * Flags vpn-duo-plan and travel-data-addon price another VPN package, as the experiments of the
 * same names do in their variants (those through the experiment header, which the api reads).
 * The packages are alternatives: with both flags on, the duo plan wins.
 */
function defaultPackage(group: ProductGroup, flags: FeatureFlags): string {
  if (group !== 'vpn') return DEFAULT_PACKAGES[group];
  if (isEnabled(flags, 'vpn-duo-plan')) return 'vpn-duo';
  if (isEnabled(flags, 'travel-data-addon')) return 'vpn-travel';
  return DEFAULT_PACKAGES.vpn;
}

/** A console draft's preview token (api: catalog/versions.ts, 24 random bytes, base64url). */
const PREVIEW_TOKEN = /^[\w-]{20,100}$/;

/** `currency` overrides the address's: a restored cart keeps its own currency. */
export async function loadCheckoutPlans(currencyOverride?: Currency): Promise<CheckoutPlans> {
  const params = (await getRequestUrl()).searchParams;
  const context = await getAppContext();
  const group = productGroupOf(params);
  const currency =
    currencyOverride ?? resolveCurrency(params.get('currency'), context.geoData.countryCode);
  const filters = filtersFrom(group, params);
  const coupon = params.get('coupon');
  const server = await getServerContext();
  const variables = {
    countryCode: context.geoData.countryCode,
    currencyCode: currency,
    // An experiment's package (`exp_package_identifier`) wins over the link's own.
    packageId:
      readQueryParam(params, 'exp_package_identifier') ??
      readQueryParam(params, 'package_identifier') ??
      defaultPackage(group, context.featureFlags),
    filters: toFilterBag(filters),
  };
  // An operator's preview of a catalog draft (the console's preview link); not a shopper's
  // parameter (spec §2), so read here alone.
  const preview = PREVIEW_TOKEN.exec(params.get('catalog_preview') ?? '')?.[0];
  let result = await fetchPackagePlans(
    coupon ? { ...variables, coupon } : variables,
    server,
    preview,
  );
  // A coupon that is not available must not cost the shopper the plans: show them without it.
  if (coupon && result.error && isCouponUnavailable(result.error)) {
    result = await fetchPackagePlans(variables, server, preview);
  }
  return {
    group,
    currency,
    filters,
    pkg: result.data,
    error: result.error,
    preselect: {
      plan: readQueryParam(params, 'product'),
      period: readQueryParam(params, 'product_period'),
      priceIds: readQueryParam(params, 'price_ids'),
    },
  };
}
