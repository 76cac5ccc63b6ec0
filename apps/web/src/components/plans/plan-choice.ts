/**
 * What the browser needs of a catalog plan to offer it: the identifiers, the tier and periods,
 * the services' names and the prices in minor units. The catalog's `PlanView` also carries the
 * merchant, remote id, grouping, decimal price strings and the renewal's services, over twice
 * the bytes (the plan picker's props: 14.7 KB → 6.3 KB). Every client component gets this view
 * instead, so the page's flight data, its serialization and its hydration stay small (issue 19).
 */
import { percentageDiscount, perMonthMinor } from '@checkout/core';
import type { PlanView, PriceView } from '@checkout/core/contract';

export type PriceChoice = Pick<
  PriceView,
  'totalInMinorUnits' | 'atomicInMinorUnits' | 'currency'
> & {
  discount: Pick<
    NonNullable<PriceView['discount']>,
    'totalBeforeDiscountInMinorUnits' | 'percentageDiscount'
  > | null;
};

export type PlanChoice = Pick<
  PlanView,
  'identifier' | 'displayTitle' | 'tier' | 'type' | 'period' | 'extraPeriod'
> & {
  services: Pick<PlanView['services'][number], 'identifier' | 'title'>[];
  price: PriceChoice;
  nextChargePlan: { period: PlanView['period']; price: PriceChoice };
};

function priceChoice(price: PriceView): PriceChoice {
  return {
    totalInMinorUnits: price.totalInMinorUnits,
    atomicInMinorUnits: price.atomicInMinorUnits,
    currency: price.currency,
    discount: price.discount && {
      totalBeforeDiscountInMinorUnits: price.discount.totalBeforeDiscountInMinorUnits,
      percentageDiscount: price.discount.percentageDiscount,
    },
  };
}

export function planChoice(plan: PlanView): PlanChoice {
  return {
    identifier: plan.identifier,
    displayTitle: plan.displayTitle,
    tier: plan.tier,
    type: plan.type,
    period: plan.period,
    extraPeriod: plan.extraPeriod,
    services: plan.services.map(({ identifier, title }) => ({ identifier, title })),
    price: priceChoice(plan.price),
    nextChargePlan: {
      period: plan.nextChargePlan.period,
      price: priceChoice(plan.nextChargePlan.price),
    },
  };
}

/**
 * The plan's price once the cart's coupon applies (`amountMinor`, the cart's own line): its
 * card then says what the order summary says, per month and discount included.
 */
export function withCouponPrice(plan: PlanChoice, amountMinor: number): PlanChoice {
  const before =
    plan.price.discount?.totalBeforeDiscountInMinorUnits ?? plan.price.totalInMinorUnits;
  const percent = percentageDiscount(amountMinor, before);
  return {
    ...plan,
    price: {
      ...plan.price,
      totalInMinorUnits: amountMinor,
      atomicInMinorUnits: perMonthMinor(amountMinor, plan.period),
      discount:
        percent > 0
          ? { totalBeforeDiscountInMinorUnits: before, percentageDiscount: percent }
          : null,
    },
  };
}
