/** Product filters (spec §3, §5): read from a parameter bag, validated, defaulted per product. */
import type { ProductGroup } from './products';
import { isStorageUnit, toBytes, type Size } from './size';
import { SUBGROUPS, type Subgroup } from './catalog-terms';

export interface ProductFilters {
  subgroup?: Subgroup;
  storageQuota?: Size;
}

/** The locker's default storage quota (spec §9). */
export const LOCKER_DEFAULT_QUOTA: Size = { amount: 500, unit: 'gigabyte' };

const DEFAULTS: Readonly<Record<ProductGroup, ProductFilters>> = {
  vpn: {},
  pass: { subgroup: 'individual' },
  locker: { storageQuota: LOCKER_DEFAULT_QUOTA },
  data_removal: {},
  bundle: {},
  threat_protection: {},
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSubgroup(value: unknown): value is Subgroup {
  return typeof value === 'string' && (SUBGROUPS as readonly string[]).includes(value);
}

/**
 * Reads `{ subgroup, storage_quota_amount, storage_quota_unit }`. Anything that is not an object
 * means no filters. Filters are accepted only when subgroup and unit belong to the enumerations
 * and the amount is a number; a missing amount or unit gives the product's default quota.
 */
export function parseProductFilters(product: ProductGroup, raw: unknown): ProductFilters {
  const defaults = DEFAULTS[product];
  if (!isPlainObject(raw)) return defaults;
  const { subgroup, storage_quota_amount: amount, storage_quota_unit: unit } = raw;
  if (subgroup !== undefined && !isSubgroup(subgroup)) return defaults;
  if (unit !== undefined && !isStorageUnit(unit)) return defaults;
  if (
    amount !== undefined &&
    (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0)
  ) {
    return defaults;
  }
  const filters: ProductFilters = { ...defaults };
  if (subgroup !== undefined && defaults.subgroup) filters.subgroup = subgroup;
  if (defaults.storageQuota && typeof amount === 'number' && isStorageUnit(unit)) {
    filters.storageQuota = { amount, unit };
  }
  return filters;
}

/** Parses the `product_filters` query parameter (JSON); malformed JSON means no filters. */
export function parseFiltersParam(product: ProductGroup, param: string | null): ProductFilters {
  if (!param) return DEFAULTS[product];
  try {
    return parseProductFilters(product, JSON.parse(param));
  } catch {
    return DEFAULTS[product];
  }
}

export interface FilterablePlan {
  subgroup?: Subgroup | null | undefined;
  storageQuotaBytes?: number | null | undefined;
}

export function matchesFilters(plan: FilterablePlan, filters: ProductFilters): boolean {
  if (filters.subgroup && plan.subgroup && plan.subgroup !== filters.subgroup) return false;
  if (filters.storageQuota && plan.storageQuotaBytes != null) {
    return plan.storageQuotaBytes === toBytes(filters.storageQuota);
  }
  return true;
}
