/**
 * What an upgrade of the account's subscription to another plan would cost now (issue 20,
 * `plan_upgraded`): the new plan's price in the subscription's currency less the unused share
 * of what the current period cost (core proration.ts states the rule and its rounding).
 */
import {
  AppError,
  ERROR_CODES,
  isUpgrade,
  periodEnd,
  splitMinor,
  upgradeQuote,
  type Period,
  type UpgradeQuoteView,
} from '@checkout/core';
import type { SnapshotPlan } from '../catalog/snapshot';
import { accountOrder } from '../orders/refund-window';
import { accountSubscriptionRow, type SubscriptionRow } from '../orders/subscription-actions';
import type { Customer, SelfServiceDeps } from './service';

const MONTHS: Record<Period['unit'], number> = { Day: 1 / 30, Week: 7 / 30, Month: 1, Year: 12 };

const months = (period: Pick<Period, 'interval' | 'unit'>) => period.interval * MONTHS[period.unit];

/**
 * What the current period cost: the first one is the subscription's share of its order's total
 * (an order with a cross-sell paid for two subscriptions; split by line prices, no unit lost),
 * a renewed one its renewal price.
 */
async function paidForPeriod(
  deps: SelfServiceDeps,
  customer: Customer,
  row: SubscriptionRow,
): Promise<number> {
  if (row.cycle > 1) return row.nextChargeMinor;
  const order = await accountOrder(deps.db, row.orderId, customer.email);
  if (!order) return row.nextChargeMinor;
  const lines = order.snapshot.lines;
  const shares = splitMinor(
    order.totalMinor,
    lines.map((line) => Math.max(0, line.amountMinor)),
  );
  const index = lines.findIndex((line) => line.plan === row.plan);
  return shares[index] ?? row.nextChargeMinor;
}

export async function quoteUpgrade(
  deps: SelfServiceDeps,
  customer: Customer,
  id: string,
  planId: string,
): Promise<UpgradeQuoteView> {
  const row = await accountSubscriptionRow(deps.db, id, customer.email);
  if (!row) throw new AppError(ERROR_CODES.notFound, 'There is no such subscription.');
  if (row.status !== 'active' && row.status !== 'past_due') {
    throw new AppError(ERROR_CODES.subscriptionEnded, 'This subscription has ended.');
  }
  const plans = deps.catalog.snapshot().plans;
  const current = plans.get(row.plan);
  const next = plans.get(planId);
  const priceOf = (plan: SnapshotPlan | undefined) => plan?.prices.get(row.currency)?.[0];
  const nextPrice = priceOf(next);
  const period = {
    interval: row.periodInterval ?? current?.period.interval ?? 1,
    unit: row.periodUnit ?? current?.period.unit ?? 'Month',
  };
  const upgrade =
    current &&
    next?.listed &&
    nextPrice !== undefined &&
    isUpgrade(
      {
        product: current.productId,
        plan: current.identifier,
        months: months(period),
        priceMinor: priceOf(current) ?? 0,
      },
      {
        product: next.productId,
        plan: next.identifier,
        months: months(next.period),
        priceMinor: nextPrice,
      },
    );
  if (!upgrade || nextPrice === undefined) {
    throw new AppError(ERROR_CODES.notAnUpgrade, 'That plan is no upgrade of this subscription.');
  }
  const start = row.cycle > 1 ? periodEnd(row.anchorAt, period, row.cycle - 1) : row.anchorAt;
  const quote = upgradeQuote(
    {
      paidMinor: await paidForPeriod(deps, customer, row),
      start,
      end: periodEnd(row.anchorAt, period, row.cycle),
    },
    nextPrice,
    deps.now(),
  );
  return { plan: planId, currency: row.currency, priceMinor: nextPrice, ...quote };
}
