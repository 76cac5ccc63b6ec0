/**
 * Upgrade carts (issue 20, `plan_upgraded`): a cart that moves the logged-in account's
 * subscription to a longer or higher plan. Its price is the plan's less the credit for the
 * subscription's unused time, quoted afresh whenever the cart is read or paid (the browser's
 * amount is never trusted). The quote itself comes from the module that owns subscriptions,
 * passed in by app.ts (`UpgradeQuotes`), since orders already depend on carts.
 */
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { normalizeEmail, type CartInput, type CartPatch } from '@checkout/core';
import type { CartRow } from './store';

/** What replacing the subscription with `plan` costs now, for the account that owns it. */
export interface UpgradeTerms {
  subscriptionId: string;
  /** The subscription's current plan. */
  fromPlan: string;
  currency: string;
  /** The account's e-mail: the upgrade order's. */
  email: string;
  creditMinor: number;
  dueMinor: number;
}

/**
 * Quotes an upgrade; throws AppError not_found for a subscription that is not the account's,
 * subscription_ended once it ended (or was replaced), not_an_upgrade for any other plan.
 */
export type UpgradeQuotes = (
  accountId: string,
  subscriptionId: string,
  plan: string,
) => Promise<UpgradeTerms>;

const invalid = (path: string, message: string) =>
  new AppError(ERROR_CODES.validation, message, [{ path, message }]);

/** The terms of a new upgrade cart, checked against what the shopper sent. */
export async function newUpgradeTerms(
  quotes: UpgradeQuotes | undefined,
  accountId: string | null,
  input: CartInput & { upgradeFrom: string },
): Promise<UpgradeTerms> {
  if (!accountId) {
    throw new AppError(ERROR_CODES.unauthenticated, 'Log in to upgrade a subscription.');
  }
  if (!quotes) throw new AppError(ERROR_CODES.notFound, 'There is no such subscription.');
  const terms = await quotes(accountId, input.upgradeFrom, input.mainPlan);
  checkUpgradeInput(input, terms);
  return terms;
}

/** An upgrade is paid in the subscription's currency, without cross-sell or coupon. */
export function checkUpgradeInput(change: CartPatch, terms: UpgradeTerms): void {
  if (change.currency && change.currency !== terms.currency)
    throw invalid('currency', `An upgrade is paid in ${terms.currency}.`);
  if (change.crossSellPlan) throw invalid('crossSellPlan', 'An upgrade has no cross-sell.');
  if (change.coupon) throw invalid('coupon', 'A coupon does not apply to an upgrade.');
  if (change.email && normalizeEmail(change.email) !== terms.email)
    throw invalid('email', "An upgrade is paid from the subscription's account.");
}

/** The upgrade cart's terms now; undefined for an ordinary cart. */
export async function upgradeTermsOf(
  quotes: UpgradeQuotes | undefined,
  row: Pick<CartRow, 'upgradeFrom' | 'accountId' | 'mainPlan'>,
  plan = row.mainPlan,
): Promise<UpgradeTerms | undefined> {
  if (!row.upgradeFrom) return undefined;
  if (!quotes || !row.accountId) {
    throw new AppError(ERROR_CODES.notFound, 'There is no such subscription.');
  }
  return quotes(row.accountId, row.upgradeFrom, plan);
}
