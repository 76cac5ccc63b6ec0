/**
 * A billing period's name in the shopper's language ("1 month", "2 years"), each formatted once
 * per process. Formatting a count builds an Intl.PluralRules and an Intl.NumberFormat for every
 * request's message provider anew: about 2 % of /payment/'s server CPU, for three or four names.
 */
import { useLocale, useTranslations } from 'next-intl';
import type { PlanChoice } from './plan-choice';

type Period = Pick<PlanChoice['period'], 'interval' | 'unit'>;

const names = new Map<string, string>();

export function usePeriodName(): (period: Period) => string {
  const t = useTranslations('plans');
  const locale = useLocale();
  return ({ interval, unit }) => {
    const key = `${locale} ${interval} ${unit}`;
    let name = names.get(key);
    if (name === undefined) {
      name = t(`period.${unit}`, { count: interval });
      names.set(key, name);
    }
    return name;
  };
}
