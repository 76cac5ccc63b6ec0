/** An indexed, immutable copy of the catalog: what pricing requests are answered from. */
import { DEFAULT_REFUND_WINDOW_DAYS, type Period } from '@checkout/core';
import type {
  CatalogRows,
  CouponRow,
  PackageRow,
  PlanRow,
  PriceChangeRow,
  ServiceRow,
} from './store';

export interface SnapshotService extends ServiceRow {
  prices: ReadonlyMap<string, number>;
}

export interface SnapshotPlan extends PlanRow {
  period: Period;
  /** Its product's money-back window in days. */
  refundWindowDays: number;
  extraPeriod: Period | undefined;
  services: readonly SnapshotService[];
  /** currency → [amount, amount before discount] in minor units */
  prices: ReadonlyMap<string, readonly [number, number]>;
}

export interface SnapshotPackage extends PackageRow {
  plans: readonly SnapshotPlan[];
}

export interface SnapshotCoupon extends CouponRow {
  /** plan id → currency → amount in minor units */
  prices: ReadonlyMap<number, ReadonlyMap<string, number>>;
}

export type SnapshotMerchant = CatalogRows['merchants'][number];

export interface CatalogSnapshot {
  version: string;
  /** The companies that sell the plans (the seller on an invoice), by id. */
  merchants: ReadonlyMap<string, SnapshotMerchant>;
  plans: ReadonlyMap<string, SnapshotPlan>;
  packages: ReadonlyMap<string, SnapshotPackage>;
  coupons: ReadonlyMap<string, SnapshotCoupon>;
}

function group<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * The shipped price points with the published changes over them: per plan and currency, the
 * change that started last (of two from one date, the later version's) at `now`.
 */
function pricesAt(rows: CatalogRows, now: Date) {
  const current = new Map<string, PriceChangeRow>();
  for (const change of rows.priceChanges) {
    if (change.effectiveFrom > now) continue;
    const key = `${change.planId}\0${change.currency}`;
    const kept = current.get(key);
    const later =
      !kept ||
      change.effectiveFrom > kept.effectiveFrom ||
      (change.effectiveFrom.getTime() === kept.effectiveFrom.getTime() &&
        change.version > kept.version);
    if (later) current.set(key, change);
  }
  const shipped = rows.pricePoints.filter((p) => !current.has(`${p.planId}\0${p.currency}`));
  return [...shipped, ...current.values()];
}

export function buildSnapshot(rows: CatalogRows, now: Date = new Date()): CatalogSnapshot {
  const periods = new Map(rows.periods.map((p) => [p.identifier, p]));
  const servicePrices = group(rows.servicePrices, (r) => r.serviceId);
  const services = new Map(
    rows.services.map((s) => [
      s.identifier,
      {
        ...s,
        prices: new Map(
          (servicePrices.get(s.identifier) ?? []).map((p) => [p.currency, p.amountMinor]),
        ),
      },
    ]),
  );
  const planServices = group(rows.planServices, (r) => r.planId);
  const pricePoints = group(pricesAt(rows, now), (r) => r.planId);
  const refundWindows = new Map(rows.products.map((p) => [p.id, p.refundWindowDays]));
  const plansById = new Map<number, SnapshotPlan>();
  for (const plan of rows.plans) {
    const period = periods.get(plan.periodId);
    if (!period) throw new Error(`plan ${plan.identifier} has an unknown period`);
    plansById.set(plan.id, {
      ...plan,
      period,
      refundWindowDays: refundWindows.get(plan.productId) ?? DEFAULT_REFUND_WINDOW_DAYS,
      extraPeriod: plan.extraPeriodId ? periods.get(plan.extraPeriodId) : undefined,
      services: (planServices.get(plan.id) ?? [])
        .sort((a, b) => a.position - b.position)
        .flatMap((ps) => services.get(ps.serviceId) ?? []),
      prices: new Map(
        (pricePoints.get(plan.id) ?? []).map((p) => [
          p.currency,
          [p.amountMinor, p.beforeDiscountMinor] as const,
        ]),
      ),
    });
  }
  const packagePlans = group(rows.packagePlans, (r) => r.packageId);
  const couponPrices = group(rows.couponPricePoints, (r) => r.couponCode);
  return {
    version: String(rows.version),
    merchants: new Map(rows.merchants.map((m) => [m.id, m])),
    plans: new Map([...plansById.values()].map((p) => [p.identifier, p])),
    packages: new Map(
      rows.packages.map((pkg) => [
        pkg.identifier,
        {
          ...pkg,
          plans: (packagePlans.get(pkg.identifier) ?? [])
            .sort((a, b) => a.position - b.position)
            .flatMap((pp) => plansById.get(pp.planId) ?? [])
            // A retired plan is offered no more; its subscriptions still renew by identifier.
            .filter((plan) => plan.retiredAt === null),
        },
      ]),
    ),
    coupons: new Map(
      rows.coupons
        .filter((c) => c.disabledAt === null)
        .map((c) => {
          const byPlan = new Map<number, Map<string, number>>();
          for (const p of couponPrices.get(c.code) ?? []) {
            const perCurrency = byPlan.get(p.planId) ?? new Map<string, number>();
            perCurrency.set(p.currency, p.amountMinor);
            byPlan.set(p.planId, perCurrency);
          }
          return [c.code, { ...c, prices: byPlan }];
        }),
    ),
  };
}
