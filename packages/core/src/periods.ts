/**
 * Billing period arithmetic: when a subscription charges next. Months and years clamp to the
 * end of a shorter month (31 January + 1 month is 28 or 29 February, never 3 March), as card
 * networks and billing systems count them.
 */
import { utc } from '@date-fns/utc';
import { addDays, addMonths, addWeeks, addYears } from 'date-fns';
import type { Period } from './catalog';

/**
 * The instant one billing period after `from`, counted on the UTC calendar whatever the
 * server's time zone (the time of day is kept).
 */
export function addPeriod(from: Date, { interval, unit }: Pick<Period, 'interval' | 'unit'>): Date {
  const inUtc = { in: utc };
  switch (unit) {
    case 'Day':
      return new Date(addDays(from, interval, inUtc).getTime());
    case 'Week':
      return new Date(addWeeks(from, interval, inUtc).getTime());
    case 'Month':
      return new Date(addMonths(from, interval, inUtc).getTime());
    case 'Year':
      return new Date(addYears(from, interval, inUtc).getTime());
  }
}
