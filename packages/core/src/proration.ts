/**
 * What an upgrade costs (issue 20, the spec's `plan_upgraded`): a customer moving to a higher
 * tier or a longer period mid-term pays the new plan's price less a credit for the part of the
 * current period they paid for and will not use. All of it in integer minor units of the
 * subscription's currency (yen and won have no minor unit below the whole one, so the rule is
 * the same for JPY, KRW and EUR), with integer arithmetic so no floating-point error creeps in.
 *
 * The rule, as the dashboard and the decision record state it:
 * - credit = paid × unused seconds ÷ seconds of the current period, rounded DOWN to a whole
 *   minor unit: we never credit more than was paid for the unused time, and the customer pays
 *   at most one minor unit more than the exact share.
 * - due = new price − credit, never below zero (a downgrade is not an upgrade: no money back).
 * - When one payment covered several subscriptions (a plan and its cross-sell in one order), the
 *   paid amount is first split over them in proportion to their line prices with splitMinor, so
 *   the shares add up to exactly what was paid.
 */

export interface PaidPeriod {
  /** What the customer paid for this period, in minor units. */
  paidMinor: number;
  start: Date;
  end: Date;
}

export interface UpgradeQuote {
  /** The unused share of the current period, in minor units. */
  creditMinor: number;
  /** What the upgrade order charges: the new price less the credit, at least zero. */
  dueMinor: number;
}

function wholeSeconds(ms: number): bigint {
  return BigInt(Math.floor(ms / 1000));
}

function assertMinor(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of minor units`);
  }
}

/** The unused share of a paid period at `at`, rounded down to a whole minor unit. */
export function unusedCredit(period: PaidPeriod, at: Date): number {
  assertMinor(period.paidMinor, 'paidMinor');
  const total = wholeSeconds(period.end.getTime() - period.start.getTime());
  if (total <= 0n) return 0;
  const left = wholeSeconds(period.end.getTime() - at.getTime());
  const unused = left < 0n ? 0n : left > total ? total : left;
  // BigInt division truncates, which for non-negative values is rounding down.
  return Number((BigInt(period.paidMinor) * unused) / total);
}

/** What an upgrade at `at` costs: the new price less the unused credit of the current period. */
export function upgradeQuote(current: PaidPeriod, newPriceMinor: number, at: Date): UpgradeQuote {
  assertMinor(newPriceMinor, 'newPriceMinor');
  const creditMinor = unusedCredit(current, at);
  return { creditMinor, dueMinor: Math.max(0, newPriceMinor - creditMinor) };
}

/**
 * Splits `totalMinor` over parts in proportion to `weights` (largest remainder): each part gets
 * its rounded-down share, then the units left over go one each to the parts with the largest
 * remainders (the earlier part on a tie). The parts always add up to `totalMinor`: no unit is
 * lost or made up.
 */
export function splitMinor(totalMinor: number, weights: readonly number[]): number[] {
  assertMinor(totalMinor, 'totalMinor');
  for (const weight of weights) assertMinor(weight, 'weight');
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (weights.length === 0) return [];
  // No weight to go by: equal parts.
  const by = sum === 0n ? weights.map(() => 1n) : weights.map((w) => BigInt(w));
  const whole = sum === 0n ? BigInt(weights.length) : sum;
  const total = BigInt(totalMinor);
  const parts = by.map((w) => (total * w) / whole);
  const remainders = by.map((w, index) => ({ index, rest: (total * w) % whole }));
  let left = total - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left--;
  }
  return parts.map(Number);
}

/** A plan as an upgrade compares it: its product, period length in months and price. */
export interface UpgradeCandidate {
  product: string;
  plan: string;
  months: number;
  priceMinor: number;
}

/**
 * An upgrade is another plan of the same product with a longer period, or the same period at a
 * higher price (a higher tier). A shorter period or a cheaper plan of the same length is not one.
 */
export function isUpgrade(current: UpgradeCandidate, next: UpgradeCandidate): boolean {
  if (next.product !== current.product || next.plan === current.plan) return false;
  if (next.months !== current.months) return next.months > current.months;
  return next.priceMinor > current.priceMinor;
}
