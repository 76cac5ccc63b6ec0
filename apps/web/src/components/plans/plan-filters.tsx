/** Subgroup (password manager) and storage (locker) choices: links, since they change the plans. */
import { getLocale, getTranslations } from 'next-intl/server';
import {
  localizedPath,
  toBytes,
  type ProductFilters,
  type ProductGroup,
  type Size,
} from '@checkout/core';
import { RouterLink } from '../shell/router-link';
import styles from './plan-filters.module.css';

const LOCKER_QUOTAS: readonly Size[] = [
  { amount: 500, unit: 'gigabyte' },
  { amount: 2, unit: 'terabyte' },
];

interface PlanFiltersProps {
  group: ProductGroup;
  filters: ProductFilters;
  params: URLSearchParams;
}

/** The current address in this language with some parameters changed and the chosen plan forgotten. */
function withParams(locale: string, params: URLSearchParams, changes: Record<string, string>) {
  const next = new URLSearchParams(params);
  next.delete('product');
  for (const [name, value] of Object.entries(changes)) next.set(name, value);
  // One value a name, as the address had it last.
  return `${localizedPath(locale, '/payment/')}?${new URLSearchParams(Object.fromEntries(next))}`;
}

export async function PlanFilters({ group, filters, params }: PlanFiltersProps) {
  const t = await getTranslations('plans');
  const locale = await getLocale();
  if (group === 'pass') {
    return (
      <nav aria-label={t('subgroupLabel')} className={styles.filters}>
        {(['individual', 'family'] as const).map((subgroup) => (
          <RouterLink
            key={subgroup}
            href={withParams(locale, params, { product_subgroup: subgroup })}
            aria-current={filters.subgroup === subgroup ? 'true' : undefined}
            className={styles.filter}
            data-element={`subgroup-${subgroup}`}
          >
            {t(`subgroup.${subgroup}`)}
          </RouterLink>
        ))}
      </nav>
    );
  }
  if (group === 'locker' && filters.storageQuota) {
    const current = toBytes(filters.storageQuota);
    return (
      <nav aria-label={t('storageLabel')} className={styles.filters}>
        {LOCKER_QUOTAS.map((quota) => (
          <RouterLink
            key={`${quota.amount}${quota.unit}`}
            href={withParams(locale, params, {
              product_filters: JSON.stringify({
                storage_quota_amount: quota.amount,
                storage_quota_unit: quota.unit,
              }),
            })}
            aria-current={toBytes(quota) === current ? 'true' : undefined}
            className={styles.filter}
            data-element={`storage-${quota.amount}-${quota.unit}`}
          >
            {new Intl.NumberFormat(locale, { style: 'unit', unit: quota.unit }).format(
              quota.amount,
            )}
          </RouterLink>
        ))}
      </nav>
    );
  }
  return null;
}
