import { describe, expect, it } from 'vitest';
import { afterFailedRenewal, DEFAULT_DUNNING_RETRY_DAYS } from './renewals';

describe('dunning after a failed renewal', () => {
  it.each([
    [1, { kind: 'retry', inDays: 1 }],
    [2, { kind: 'retry', inDays: 2 }],
    [3, { kind: 'retry', inDays: 4 }],
    [4, { kind: 'cancel', inDays: 7 }],
  ] as const)(
    'after failure %i: %o (retries on days 1, 3 and 7, then 7 days of grace)',
    (failures, next) => {
      expect(afterFailedRenewal(failures, DEFAULT_DUNNING_RETRY_DAYS, 7)).toEqual(next);
    },
  );

  it('with no retries configured, the first failure starts the grace period', () => {
    expect(afterFailedRenewal(1, [], 3)).toEqual({ kind: 'cancel', inDays: 3 });
  });
});
