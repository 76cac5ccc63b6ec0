/**
 * What an upgrade of the account's subscription to another plan costs now (issue 20,
 * `plan_upgraded`): the new plan's price in the subscription's currency less the unused share
 * of what the current period cost (core proration.ts states the rule and its rounding). The
 * dashboard lists the upgrades with their quotes; upgrade carts are priced with `upgradeTerms`.
 */
import {
  AppError,
  ERROR_CODES,
  type UpgradeOptions,
  type UpgradeQuoteView,
} from '@checkout/core/contract';
import {
  DEFAULT_PACKAGES,
  isUpgrade,
  termEnd,
  termStart,
  splitMinor,
  upgradeQuote,
  type Period,
} from '@checkout/core';
import type { UpgradeTerms } from '../carts/upgrade';
import type { CatalogSnapshot, SnapshotPlan } from '../catalog/snapshot';
import { accountById } from '../identity/accounts';
import { accountOrder } from '../orders/refund-window';
import { accountSubscriptionRow, type SubscriptionRow } from '../subscriptions/customer-actions';
import { scheduleOf } from '../subscriptions/terms';
import type { Customer, SelfServiceDeps } from './service';

export type QuoteDeps = Pick<SelfServiceDeps, 'db' | 'catalog' | 'now'>;

const MONTHS: Record<Period['unit'], number> = { Day: 1 / 30, Week: 7 / 30, Month: 1, Year: 12 };

const months = (period: Pick<Period, 'interval' | 'unit'>) => period.interval * MONTHS[period.unit];

/**
 * The plans an upgrade may move to: those of the package that sells the current plan (the
 * product's default package when several do, as the checkout shows it), so the dashboard offers
 * each tier and period once and the checkout has the chosen plan on its page.
 */
function packagePlans(snapshot: CatalogSnapshot, plan: string): Set<string> {
  const selling = [...snapshot.packages.values()].filter(
    (pkg) => !pkg.crossSellOnly && pkg.plans.some((p) => p.identifier === plan),
  );
  const defaults = new Set<string>(Object.values(DEFAULT_PACKAGES));
  const pkg = selling.find((p) => defaults.has(p.identifier)) ?? selling[0];
  return new Set(pkg?.plans.map((p) => p.identifier));
}

/** The subscription as an upgrade sees it: its plan, current period and what that period cost. */
interface Current {
  row: SubscriptionRow;
  plan: SnapshotPlan | undefined;
  /** The plans it may move to (packagePlans). */
  offered: Set<string>;
  months: number;
  paidMinor: number;
  start: Date;
  end: Date;
  country: string;
}

/**
 * The running subscription of the customer, with what its current period cost: the first one is
 * the subscription's share of its order's total (an order with a cross-sell paid for two
 * subscriptions; split by line prices, no unit lost) plus the credit an upgrade order was given,
 * a renewed one its renewal price.
 */
async function current(deps: QuoteDeps, customer: Customer, id: string): Promise<Current> {
  const row = await accountSubscriptionRow(deps.db, id, customer.email);
  if (!row) throw new AppError(ERROR_CODES.notFound, 'There is no such subscription.');
  if (row.status !== 'active' && row.status !== 'past_due') {
    throw new AppError(ERROR_CODES.subscriptionEnded, 'This subscription has ended.');
  }
  const snapshot = deps.catalog.snapshot();
  const plan = snapshot.plans.get(row.plan);
  const schedule = scheduleOf(row, {
    interval: plan?.period.interval ?? 1,
    unit: plan?.period.unit ?? 'Month',
  });
  const order = await accountOrder(deps.db, row.orderId, customer.email);
  let paidMinor = row.nextChargeMinor;
  if (row.cycle === 1 && order) {
    const lines = order.snapshot.lines;
    const total = order.totalMinor + (order.snapshot.upgrade?.creditMinor ?? 0);
    const shares = splitMinor(
      total,
      lines.map((line) => Math.max(0, line.amountMinor)),
    );
    paidMinor = shares[lines.findIndex((line) => line.plan === row.plan)] ?? paidMinor;
  }
  return {
    row,
    plan,
    offered: packagePlans(snapshot, row.plan),
    months: months(schedule.period),
    paidMinor,
    start: termStart(schedule, row.cycle),
    end: termEnd(schedule, row.cycle),
    country: order?.country ?? '',
  };
}

/** The quote for moving to `next`; undefined when it is no upgrade of the subscription. */
function quoteFor(
  deps: QuoteDeps,
  from: Current,
  next: SnapshotPlan | undefined,
): UpgradeQuoteView | undefined {
  const { row, plan } = from;
  const priceOf = (p: SnapshotPlan) => p.prices.get(row.currency)?.[0];
  const nextPrice = next && priceOf(next);
  if (!plan || !next?.listed || !from.offered.has(next.identifier) || nextPrice === undefined) {
    return undefined;
  }
  const upgrade = isUpgrade(
    {
      product: plan.productId,
      plan: plan.identifier,
      months: from.months,
      priceMinor: priceOf(plan) ?? 0,
    },
    {
      product: next.productId,
      plan: next.identifier,
      months: months(next.period),
      priceMinor: nextPrice,
    },
  );
  if (!upgrade) return undefined;
  const quote = upgradeQuote(
    { paidMinor: from.paidMinor, start: from.start, end: from.end },
    nextPrice,
    deps.now(),
  );
  return { plan: next.identifier, currency: row.currency, priceMinor: nextPrice, ...quote };
}

const notAnUpgrade = () =>
  new AppError(ERROR_CODES.notAnUpgrade, 'That plan is no upgrade of this subscription.');

export async function quoteUpgrade(
  deps: QuoteDeps,
  customer: Customer,
  id: string,
  planId: string,
): Promise<UpgradeQuoteView> {
  const from = await current(deps, customer, id);
  const quote = quoteFor(deps, from, deps.catalog.snapshot().plans.get(planId));
  if (!quote) throw notAnUpgrade();
  return quote;
}

/** Every plan the subscription may move to now, shortest and cheapest first. */
export async function upgradeOptions(
  deps: QuoteDeps,
  customer: Customer,
  id: string,
): Promise<UpgradeOptions> {
  const from = await current(deps, customer, id);
  const options = [...deps.catalog.snapshot().plans.values()]
    .flatMap((plan) => {
      const quote = quoteFor(deps, from, plan);
      return quote ? [{ ...quote, tier: plan.tier, period: plan.period }] : [];
    })
    .sort((a, b) => months(a.period) - months(b.period) || a.priceMinor - b.priceMinor);
  return {
    subscriptionId: id,
    country: from.country,
    options: options.map(({ period, ...option }) => ({
      ...option,
      period: { interval: period.interval, unit: period.unit },
    })),
  };
}

/** The terms of an upgrade cart of the account (app.ts hands this to carts as UpgradeQuotes). */
export async function upgradeTerms(
  deps: QuoteDeps,
  accountId: string,
  id: string,
  planId: string,
): Promise<UpgradeTerms> {
  const account = await accountById(deps.db, accountId);
  if (!account) throw new AppError(ERROR_CODES.notFound, 'There is no such subscription.');
  const customer = { email: account.email };
  const from = await current(deps, customer, id);
  const quote = quoteFor(deps, from, deps.catalog.snapshot().plans.get(planId));
  if (!quote) throw notAnUpgrade();
  return {
    subscriptionId: id,
    fromPlan: from.row.plan,
    currency: from.row.currency,
    email: from.row.email,
    creditMinor: quote.creditMinor,
    dueMinor: quote.dueMinor,
  };
}
