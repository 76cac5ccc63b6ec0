import { describe, expect, it } from 'vitest';
import type { Period } from './catalog';
import { addPeriod } from './periods';

type Length = Pick<Period, 'interval' | 'unit'>;
const month: Length = { interval: 1, unit: 'Month' };
const year: Length = { interval: 1, unit: 'Year' };

describe('addPeriod', () => {
  it.each([
    [
      '31 January + 1 month ends on the last day of February',
      '2027-01-31T10:00:00Z',
      month,
      '2027-02-28T10:00:00Z',
    ],
    [
      '31 January + 1 month in a leap year is 29 February',
      '2028-01-31T10:00:00Z',
      month,
      '2028-02-29T10:00:00Z',
    ],
    ['31 March + 1 month is 30 April', '2027-03-31T10:00:00Z', month, '2027-04-30T10:00:00Z'],
    ['29 February + 1 year is 28 February', '2028-02-29T10:00:00Z', year, '2029-02-28T10:00:00Z'],
    [
      '31 December + 1 month crosses into January',
      '2026-12-31T23:30:00Z',
      month,
      '2027-01-31T23:30:00Z',
    ],
    ['31 December + 1 year', '2026-12-31T23:30:00Z', year, '2027-12-31T23:30:00Z'],
    [
      '30 November + 3 months is the end of February',
      '2026-11-30T00:00:00Z',
      { interval: 3, unit: 'Month' },
      '2027-02-28T00:00:00Z',
    ],
    [
      '31 August + 2 years',
      '2026-08-31T12:00:00Z',
      { interval: 2, unit: 'Year' },
      '2028-08-31T12:00:00Z',
    ],
    ['a week', '2026-12-28T08:00:00Z', { interval: 1, unit: 'Week' }, '2027-01-04T08:00:00Z'],
    ['30 days', '2027-01-31T08:00:00Z', { interval: 30, unit: 'Day' }, '2027-03-02T08:00:00Z'],
  ] as const)('%s', (_name, from, period, expected) => {
    expect(addPeriod(new Date(from), period).toISOString()).toBe(new Date(expected).toISOString());
  });
});
