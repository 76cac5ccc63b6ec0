import { describe, expect, it } from 'vitest';
import {
  canMoveSubscription,
  isSubscriptionFinal,
  periodEnd,
  SUBSCRIPTION_STATUSES,
  firstTermSpan,
  termEnd,
  termStart,
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

describe('termEnd', () => {
  const year = { interval: 1, unit: 'Year' } as const;

  it('runs a two-year plan with three extra months for 27 months, then a year per renewal', () => {
    const schedule = {
      anchorAt: new Date('2026-11-30T10:00:00Z'),
      period: { interval: 2, unit: 'Year' },
      extra: { interval: 3, unit: 'Month' },
      renewal: year,
    } as const;
    expect(termEnd(schedule, 1).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    expect(termStart(schedule, 2).toISOString()).toBe('2029-02-28T10:00:00.000Z');
    // Counted from the anchor: the 30th comes back after February's short month.
    expect(termEnd(schedule, 2).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(termEnd(schedule, 3).toISOString()).toBe('2031-02-28T10:00:00.000Z');
    expect(termStart(schedule, 1)).toBe(schedule.anchorAt);
  });

  it('is periodEnd for a plan that renews as itself', () => {
    const anchor = new Date('2026-01-31T10:00:00Z');
    const monthly = { interval: 1, unit: 'Month' } as const;
    const schedule = { anchorAt: anchor, period: monthly, renewal: monthly };
    for (const cycle of [1, 2, 3, 13]) {
      expect(termEnd(schedule, cycle).toISOString()).toBe(
        periodEnd(anchor, monthly, cycle).toISOString(),
      );
    }
  });

  it('adds weeks and days after the months', () => {
    const schedule = {
      anchorAt: new Date('2026-01-31T00:00:00Z'),
      period: { interval: 1, unit: 'Month' },
      extra: { interval: 2, unit: 'Week' },
      renewal: { interval: 10, unit: 'Day' },
    } as const;
    expect(termEnd(schedule, 1).toISOString()).toBe('2026-03-14T00:00:00.000Z');
    expect(termEnd(schedule, 2).toISOString()).toBe('2026-03-24T00:00:00.000Z');
  });
});

describe('firstTermSpan', () => {
  it('states two years and three extra months as 27 months, and a plain period as itself', () => {
    const twoYears = { interval: 2, unit: 'Year' } as const;
    expect(firstTermSpan(twoYears, { interval: 3, unit: 'Month' })).toEqual({
      interval: 27,
      unit: 'Month',
    });
    const bought = { identifier: '2y', ...twoYears };
    expect(firstTermSpan(bought, undefined)).toEqual(twoYears);
    expect(firstTermSpan({ interval: 1, unit: 'Week' }, { interval: 3, unit: 'Day' })).toEqual({
      interval: 10,
      unit: 'Day',
    });
  });
});
