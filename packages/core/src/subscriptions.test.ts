import { describe, expect, it } from 'vitest';
import {
  canMoveSubscription,
  isSubscriptionFinal,
  periodEnd,
  SUBSCRIPTION_STATUSES,
} from './subscriptions';

describe('subscription status', () => {
  it('ends only in canceled or expired', () => {
    expect(SUBSCRIPTION_STATUSES.filter(isSubscriptionFinal)).toEqual(['canceled', 'expired']);
  });

  it.each([
    ['active', 'past_due', true],
    ['past_due', 'active', true],
    ['past_due', 'canceled', true],
    ['active', 'expired', true],
    ['past_due', 'expired', false],
    ['canceled', 'active', false],
    ['expired', 'active', false],
  ] as const)('%s → %s is %s', (from, to, allowed) => {
    expect(canMoveSubscription(from, to)).toBe(allowed);
  });
});

describe('periodEnd', () => {
  const anchor = new Date('2026-01-31T10:00:00Z');
  const monthly = { interval: 1, unit: 'Month' } as const;

  it.each([
    [1, '2026-02-28T10:00:00.000Z'],
    [2, '2026-03-31T10:00:00.000Z'],
    [3, '2026-04-30T10:00:00.000Z'],
    [13, '2027-02-28T10:00:00.000Z'],
  ])('a 31 January monthly plan ends cycle %i on %s', (cycle, expected) => {
    expect(periodEnd(anchor, monthly, cycle).toISOString()).toBe(expected);
  });

  it('counts leap days for yearly plans from the anchor', () => {
    const leap = new Date('2028-02-29T00:00:00Z');
    const yearly = { interval: 1, unit: 'Year' } as const;
    expect(periodEnd(leap, yearly, 1).toISOString()).toBe('2029-02-28T00:00:00.000Z');
    expect(periodEnd(leap, yearly, 4).toISOString()).toBe('2032-02-29T00:00:00.000Z');
  });
});
