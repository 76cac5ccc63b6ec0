/**
 * Regenerates data/catalog/price-points.json from the USD prices in the plan files and the
 * market rates in data/catalog/currencies.json. The output is data: review the diff, and edit
 * a single market's price by hand when a local promotion needs it.
 *   npx tsx scripts/generate-price-points.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  CURRENCIES,
  customaryAmount,
  decimalPlaces,
  localizeUsd,
  monthsIn,
  type Currency,
  type MarketRate,
  type Period,
  type PlanSeed,
} from '../packages/core/src/index';

const dir = new URL('../data/catalog/', import.meta.url);
const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as T;

const markets = read<Record<Currency, MarketRate>>('currencies.json');
const periods = new Map(read<Period[]>('periods.json').map((p) => [p.identifier, p]));
const plans = readdirSync(new URL('plans/', dir)).flatMap((file) =>
  read<PlanSeed[]>(`plans/${file}`),
);
const services = read<{ identifier: string; priceUsd?: number }[]>('services.json');
const coupons = read<{ code: string; percentOff: number; plans: string[] }[]>('coupons.json');

const byId = new Map(plans.map((plan) => [plan.identifier, plan]));

function monthsOf(plan: PlanSeed): number {
  const period = periods.get(plan.period);
  if (!period) throw new Error(`${plan.identifier}: unknown period ${plan.period}`);
  return Math.max(1, monthsIn(period));
}

/** The plan's own total in `currency`. */
function ownTotal(plan: PlanSeed, currency: Currency): number {
  const market = markets[currency];
  if ('totalUsd' in plan.price) return localizeUsd(plan.price.totalUsd, currency, market);
  return localizeUsd(plan.price.monthlyUsd, currency, market) * monthsOf(plan);
}

/**
 * [price, price before discount]. The reference price is what renewing charges over the plan's
 * span (its renewal plan's total, twice for a 2-year plan renewing yearly): a price shoppers
 * really pay, so the renewal never exceeds it (issue 27.11).
 */
function planPrice(plan: PlanSeed, currency: Currency): [number, number] {
  const renewal = plan.nextCharge === 'self' ? plan : byId.get(plan.nextCharge);
  if (!renewal) throw new Error(`${plan.identifier}: unknown next charge ${plan.nextCharge}`);
  const renewing = Math.round((ownTotal(renewal, currency) * monthsOf(plan)) / monthsOf(renewal));
  return [ownTotal(plan, currency), renewing];
}

const byCurrency = <T>(value: (currency: Currency) => T) =>
  Object.fromEntries(CURRENCIES.map((c) => [c, value(c)]));

const planPoints = Object.fromEntries(
  plans.map((plan) => [plan.identifier, byCurrency((c) => planPrice(plan, c))]),
);
const servicePoints = Object.fromEntries(
  services
    .filter((s) => s.priceUsd !== undefined)
    .map((s) => [s.identifier, byCurrency((c) => localizeUsd(s.priceUsd ?? 0, c, markets[c]))]),
);
const couponPoints = Object.fromEntries(
  coupons.map((coupon) => [
    coupon.code,
    Object.fromEntries(
      coupon.plans.map((id) => [
        id,
        byCurrency((c) => {
          const [total] = planPoints[id]?.[c] ?? [0];
          const scale = 10 ** decimalPlaces(c);
          const discounted = ((total / scale) * (100 - coupon.percentOff)) / 100;
          return Math.round(customaryAmount(discounted, markets[c].style) * scale);
        }),
      ]),
    ),
  ]),
);

// One line per plan keeps the file reviewable in a diff.
const section = (entries: Record<string, unknown>) =>
  Object.entries(entries)
    .map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`)
    .join(',\n');
const couponSection = Object.entries(couponPoints)
  .map(
    ([code, perPlan]) =>
      `    ${JSON.stringify(code)}: {\n${section(perPlan).replace(/^/gm, '  ')}\n    }`,
  )
  .join(',\n');
writeFileSync(
  new URL('price-points.json', dir),
  `{\n  "plans": {\n${section(planPoints)}\n  },\n  "services": {\n${section(servicePoints)}\n  },\n  "coupons": {\n${couponSection}\n  }\n}\n`,
);
console.log(`price points: ${plans.length} plans × ${CURRENCIES.length} currencies`);
