/** Pricing rules: which plans a package offers, at which price, with which coupon. */
import {
  AppError,
  BACKEND_CODES,
  ERROR_CODES,
  packagePlansVariablesSchema,
  type PackagePlansVariables,
  type PackageView,
  type PlanView,
  type PriceView,
} from '@checkout/core/contract';
import {
  matchesFilters,
  parseProductFilters,
  percentageDiscount,
  perMonthMinor,
  convertSize,
  couponRefusal,
  isProductGroup,
  toDecimalString,
  type Currency,
  type Period,
} from '@checkout/core';
import type { CatalogSnapshot, SnapshotCoupon, SnapshotPlan, SnapshotService } from './snapshot';

export function priceView(
  amount: number,
  before: number,
  currency: Currency,
  period: Period,
): PriceView {
  const atomic = perMonthMinor(amount, period);
  const percent = percentageDiscount(amount, before);
  return {
    total: toDecimalString(amount, currency),
    atomic: toDecimalString(atomic, currency),
    totalInMinorUnits: amount,
    atomicInMinorUnits: atomic,
    currency: { code: currency },
    discount:
      percent > 0
        ? {
            atomicBeforeDiscount: toDecimalString(perMonthMinor(before, period), currency),
            totalBeforeDiscount: toDecimalString(before, currency),
            totalBeforeDiscountInMinorUnits: before,
            percentageDiscount: percent,
          }
        : null,
  };
}

function serviceViews(services: readonly SnapshotService[], currency: Currency, period: Period) {
  return services.map((s) => {
    const price = s.prices.get(currency);
    return {
      identifier: s.identifier,
      title: s.title,
      merchant: s.merchantId,
      attributes: s.attributes,
      price: price === undefined ? null : priceView(price, price, currency, period),
    };
  });
}

function planPrice(plan: SnapshotPlan, currency: Currency): readonly [number, number] {
  const price = plan.prices.get(currency);
  if (!price)
    throw new AppError(
      ERROR_CODES.unsupportedCurrency,
      `No ${currency} price for ${plan.identifier}.`,
    );
  return price;
}

function planView(
  plan: SnapshotPlan,
  snapshot: CatalogSnapshot,
  currency: Currency,
  coupon: SnapshotCoupon | undefined,
  now: Date,
): PlanView {
  const [amount, before] = planPrice(plan, currency);
  const discounted = coupon?.prices.get(plan.id)?.get(currency);
  // The cart's own rule: a plan shows the coupon's price only where the cart would accept it.
  const applies = !couponRefusal(
    coupon,
    { regularMinor: amount, discountedMinor: discounted },
    now,
  );
  const couponAmount = applies ? discounted : undefined;
  const renewal = snapshot.plans.get(plan.nextChargePlan) ?? plan;
  const [renewalAmount] = planPrice(renewal, currency);
  return {
    id: String(plan.id),
    identifier: plan.identifier,
    displayTitle: plan.displayTitle,
    merchant: plan.merchantId,
    remoteID: plan.remoteId,
    tier: plan.tier,
    type: plan.type,
    group: plan.groupType,
    subgroup: plan.subgroup,
    bundleType: plan.bundleType,
    storageQuota: plan.storageQuotaBytes === null ? null : convertSize(plan.storageQuotaBytes),
    period: plan.period,
    extraPeriod: plan.extraPeriod ?? null,
    services: serviceViews(plan.services, currency, plan.period),
    price: priceView(couponAmount ?? amount, before, currency, plan.period),
    nextChargePlan: {
      period: renewal.period,
      price: priceView(renewalAmount, renewalAmount, currency, renewal.period),
      services: serviceViews(renewal.services, currency, renewal.period),
    },
    coupon:
      coupon && couponAmount !== undefined
        ? { code: coupon.code, isLegacy: coupon.isLegacy }
        : null,
  };
}

function couponNotAvailable(code: string): AppError {
  return new AppError(BACKEND_CODES.couponNotAvailable, `The coupon ${code} is not available.`);
}

export function getPackagePlans(
  snapshot: CatalogSnapshot,
  input: PackagePlansVariables,
  now: Date = new Date(),
): PackageView {
  const variables = packagePlansVariablesSchema.parse(input);
  const pkg = snapshot.packages.get(variables.packageId);
  if (!pkg || !isProductGroup(pkg.productId)) {
    throw new AppError(ERROR_CODES.unknownPackage, `There is no package ${variables.packageId}.`);
  }
  const currency = variables.currencyCode;
  // The coupon asked for, else the package's own; each plan applies the coupon rule to it.
  const code = variables.coupon ?? pkg.defaultCoupon;
  const coupon = code ? snapshot.coupons.get(code) : undefined;
  const filters = parseProductFilters(pkg.productId, variables.filters);
  const plans = pkg.plans
    .filter((plan) => matchesFilters(plan, filters))
    .map((plan) => planView(plan, snapshot, currency, coupon, now));
  // A coupon the shopper asked for must apply somewhere; a package's own is dropped quietly.
  if (variables.coupon && !plans.some((p) => p.coupon)) {
    throw couponNotAvailable(variables.coupon);
  }

  // The package's own cross-sell comes with it; a requested one must be that one.
  if (variables.crossSellPackageId && variables.crossSellPackageId !== pkg.crossSellPackageId) {
    throw new AppError(
      ERROR_CODES.crossSellNotAvailable,
      `${variables.crossSellPackageId} is not offered next to ${pkg.identifier}.`,
    );
  }
  const xs = pkg.crossSellPackageId ? snapshot.packages.get(pkg.crossSellPackageId) : undefined;
  const crossSell: PackageView['crossSell'] = xs
    ? {
        identifier: xs.identifier,
        plans: xs.plans.map((plan) => planView(plan, snapshot, currency, undefined, now)),
      }
    : null;

  return {
    identifier: pkg.identifier,
    catalogVersion: snapshot.version,
    plans,
    coupon:
      coupon && plans.some((p) => p.coupon)
        ? { code: coupon.code, isLegacy: coupon.isLegacy }
        : null,
    crossSell,
  };
}
