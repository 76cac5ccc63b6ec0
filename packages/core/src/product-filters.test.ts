import { describe, expect, it } from 'vitest';
import {
  LOCKER_DEFAULT_QUOTA,
  matchesFilters,
  parseFiltersParam,
  parseProductFilters,
} from './product-filters';

describe('product filters', () => {
  it.each([
    ['vpn', { subgroup: 'family' }, {}],
    ['data_removal', undefined, {}],
    ['threat_protection', {}, {}],
    ['pass', undefined, { subgroup: 'individual' }],
    ['pass', { subgroup: 'family' }, { subgroup: 'family' }],
    ['pass', { subgroup: 'team' }, { subgroup: 'individual' }],
    ['pass', 'family', { subgroup: 'individual' }],
    ['pass', ['family'], { subgroup: 'individual' }],
    ['locker', undefined, { storageQuota: LOCKER_DEFAULT_QUOTA }],
    [
      'locker',
      { storage_quota_amount: 2, storage_quota_unit: 'terabyte' },
      { storageQuota: { amount: 2, unit: 'terabyte' } },
    ],
    ['locker', { storage_quota_amount: 2 }, { storageQuota: LOCKER_DEFAULT_QUOTA }],
    ['locker', { storage_quota_unit: 'terabyte' }, { storageQuota: LOCKER_DEFAULT_QUOTA }],
    [
      'locker',
      { storage_quota_amount: '2', storage_quota_unit: 'terabyte' },
      { storageQuota: LOCKER_DEFAULT_QUOTA },
    ],
    [
      'locker',
      { storage_quota_amount: 2, storage_quota_unit: 'TB' },
      { storageQuota: LOCKER_DEFAULT_QUOTA },
    ],
    [
      'locker',
      { storage_quota_amount: -1, storage_quota_unit: 'terabyte' },
      { storageQuota: LOCKER_DEFAULT_QUOTA },
    ],
    ['locker', null, { storageQuota: LOCKER_DEFAULT_QUOTA }],
  ] as const)('%s with %j reads as %j', (product, raw, expected) => {
    expect(parseProductFilters(product, raw)).toEqual(expected);
  });

  it('reads the product_filters parameter as JSON and ignores malformed JSON', () => {
    expect(parseFiltersParam('pass', '{"subgroup":"family"}')).toEqual({ subgroup: 'family' });
    expect(parseFiltersParam('pass', '{subgroup:family')).toEqual({ subgroup: 'individual' });
    expect(parseFiltersParam('locker', null)).toEqual({ storageQuota: LOCKER_DEFAULT_QUOTA });
  });

  it('matches plans by subgroup and exact storage quota', () => {
    const fiveHundred = 500 * 1024 ** 3;
    expect(matchesFilters({ subgroup: 'family' }, { subgroup: 'individual' })).toBe(false);
    expect(matchesFilters({ subgroup: 'individual' }, { subgroup: 'individual' })).toBe(true);
    expect(
      matchesFilters({ storageQuotaBytes: fiveHundred }, { storageQuota: LOCKER_DEFAULT_QUOTA }),
    ).toBe(true);
    expect(
      matchesFilters({ storageQuotaBytes: 2 * 1024 ** 4 }, { storageQuota: LOCKER_DEFAULT_QUOTA }),
    ).toBe(false);
    expect(matchesFilters({}, {})).toBe(true);
  });
});
