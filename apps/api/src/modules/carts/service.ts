/** Cart rules: what may go in a cart, what it costs, and when it may no longer change. */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { AppError, BACKEND_CODES, ERROR_CODES } from '@checkout/core/contract';
import {
  isRecordId,
  mailboxOf,
  type cartInputSchema,
  type cartPatchSchema,
  normalizeEmail,
  quoteTax,
  regionFitsCountry,
  resolveRegion,
  validateEmail,
  type CartView,
  couponRefusal,
  type CouponRefusal,
  type Currency,
  type TaxTable,
} from '@checkout/core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import type { CatalogSnapshot, SnapshotPlan } from '../catalog/snapshot';
import { accountById } from '../identity/accounts';
import { mayUseCart, type CartBinding, type CartCaller } from './binding';
import {
  bindAccount,
  findCart,
  hasRedeemed,
  redemptionCounts,
  insertCart,
  updateOpenCart,
  type CartRow,
  type NewCart,
} from './store';
import {
  checkUpgradeInput,
  newUpgradeTerms,
  upgradeTermsOf,
  type UpgradeQuotes,
  type UpgradeTerms,
} from './upgrade';

export interface CartDeps {
  db: Database;
  catalog: Catalog;
  taxes: TaxTable;
  isBlockedDomain: (domain: string) => boolean;
  binding: CartBinding;
  /** Quotes upgrade carts (app.ts passes the subscriptions' quote); none: no upgrade carts. */
  upgradeQuotes?: UpgradeQuotes;
}

const invalid = (path: string, message: string) =>
  new AppError(ERROR_CODES.validation, message, [{ path, message }]);

function couponRefused(code: string, reason: CouponRefusal): AppError {
  return new AppError(
    BACKEND_CODES.couponNotAvailable,
    `The coupon ${code} is not available.`,
    [{ path: 'coupon', message: 'not available' }],
    reason,
  );
}

function sellablePlan(snapshot: CatalogSnapshot, identifier: string): SnapshotPlan {
  const plan = snapshot.plans.get(identifier);
  const sold = [...snapshot.packages.values()].some(
    (pkg) => !pkg.crossSellOnly && pkg.plans.some((p) => p.identifier === identifier),
  );
  if (!plan || !sold) throw invalid('mainPlan', `There is no plan ${identifier} for sale.`);
  return plan;
}

/** Cross-sell plans offered next to any package that sells the main plan. */
function crossSellPlan(snapshot: CatalogSnapshot, main: string, identifier: string): SnapshotPlan {
  for (const pkg of snapshot.packages.values()) {
    if (!pkg.plans.some((p) => p.identifier === main) || !pkg.crossSellPackageId) continue;
    const found = snapshot.packages
      .get(pkg.crossSellPackageId)
      ?.plans.find((p) => p.identifier === identifier);
    if (found) return found;
  }
  throw invalid('crossSellPlan', `${identifier} is not offered next to ${main}.`);
}

function planPrice(plan: SnapshotPlan, currency: Currency): readonly [number, number] {
  const price = plan.prices.get(currency);
  if (!price) throw invalid('currency', `${plan.identifier} is not sold in ${currency}.`);
  return price;
}

function couponPrice(
  snapshot: CatalogSnapshot,
  code: string | null,
  plan: SnapshotPlan,
  currency: Currency,
) {
  return code ? snapshot.coupons.get(code)?.prices.get(plan.id)?.get(currency) : undefined;
}

/**
 * The refusal of a once-per-address coupon to an address that used it. Only the address's owner,
 * logged in, is told so ('already_used', the spec's message); anyone else gets the answer of a
 * code that is not valid, so the coupon field does not tell a stranger who has bought before
 * (that a code refused for one address is taken for another still shows; the reason does not).
 */
export async function couponUsedRefusal(
  db: Database,
  caller: CartCaller,
  code: string,
  email: string,
): Promise<AppError> {
  const account = caller.accountId ? await accountById(db, caller.accountId) : undefined;
  const owner = account !== undefined && mailboxOf(account.email) === mailboxOf(email);
  return couponRefused(code, owner ? 'already_used' : 'invalid');
}

async function checkCoupon(
  deps: CartDeps,
  cart: NewCart,
  caller: CartCaller,
  now: Date,
): Promise<void> {
  const code = cart.couponCode;
  if (!code) return;
  const snapshot = deps.catalog.snapshot();
  const coupon = snapshot.coupons.get(code);
  const main = sellablePlan(snapshot, cart.mainPlan);
  const currency = cart.currency;
  const price = {
    regularMinor: planPrice(main, currency)[0],
    discountedMinor: couponPrice(snapshot, code, main, currency),
  };
  // The address's redemptions are read only when they can decide.
  const email = cart.email;
  const usedBefore = async () =>
    coupon?.oncePerEmail === true &&
    !!email &&
    (await hasRedeemed(deps.db, code, mailboxOf(email)));
  const refusal =
    couponRefusal(coupon, price, now) ?? couponRefusal(coupon, price, now, await usedBefore());
  if (refusal === 'already_used' && email)
    throw await couponUsedRefusal(deps.db, caller, code, email);
  if (refusal) throw couponRefused(code, refusal);
  // A coupon used up to its limit (set in the console) has ended, like an expired one.
  const limit = coupon?.maxRedemptions ?? null;
  if (limit !== null && ((await redemptionCounts(deps.db, code)).get(code) ?? 0) >= limit) {
    throw couponRefused(code, 'expired');
  }
}

/** Validates and normalizes a whole cart; throws AppError with the spec's codes. */
async function checkCart(
  deps: CartDeps,
  cart: NewCart,
  caller: CartCaller,
  now: Date,
): Promise<NewCart> {
  const snapshot = deps.catalog.snapshot();
  const currency = cart.currency;
  planPrice(sellablePlan(snapshot, cart.mainPlan), currency);
  if (cart.crossSellPlan)
    planPrice(crossSellPlan(snapshot, cart.mainPlan, cart.crossSellPlan), currency);
  let email = cart.email ?? null;
  if (email !== null) {
    const problem = validateEmail(email, deps.isBlockedDomain);
    if (problem === 'blacklisted') {
      throw new AppError(
        BACKEND_CODES.blacklistedEmailDomain,
        'Invalid email. Try again with another email address.',
      );
    }
    if (problem) throw new AppError(BACKEND_CODES.invalidEmail, 'Email is not valid');
    email = normalizeEmail(email);
  }
  const postalCode = cart.postalCode?.trim() || null;
  if (
    postalCode &&
    postcodeValidatorExistsForCountry(cart.country) &&
    !postcodeValidator(postalCode, cart.country)
  ) {
    throw invalid('postalCode', 'Postal code is not valid');
  }
  if (!regionFitsCountry(cart.country, cart.region)) {
    throw invalid('region', `${cart.region} is not a region of ${cart.country}.`);
  }
  const normalized = {
    ...cart,
    email,
    postalCode,
    region: resolveRegion(cart.country, cart.region) ?? null,
  };
  await checkCoupon(deps, normalized, caller, now);
  return normalized;
}

/** The cart as the shopper sees it; an upgrade cart's credit comes off its plan's price. */
function viewCart(deps: CartDeps, row: CartRow, upgrade?: UpgradeTerms): CartView {
  const snapshot = deps.catalog.snapshot();
  const currency = row.currency;
  const lines: CartView['lines'] = [];
  const main = snapshot.plans.get(row.mainPlan);
  const add = (
    plan: SnapshotPlan | undefined,
    kind: 'main' | 'cross_sell',
    coupon: string | null,
  ) => {
    if (!plan) return;
    const [amount, before] = planPrice(plan, currency);
    const withCoupon = couponPrice(snapshot, coupon, plan, currency);
    lines.push({
      kind,
      plan: plan.identifier,
      tier: plan.tier,
      period: plan.period,
      amountMinor: withCoupon ?? amount,
      beforeDiscountMinor: before,
      ...(withCoupon === undefined ? {} : { couponMinor: amount - withCoupon }),
    });
  };
  add(main, 'main', row.couponCode);
  add(row.crossSellPlan ? snapshot.plans.get(row.crossSellPlan) : undefined, 'cross_sell', null);
  const regularMinor = lines.reduce((sum, l) => sum + l.beforeDiscountMinor, 0);
  const linesMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  const subtotalMinor = upgrade ? upgrade.dueMinor : linesMinor;
  const tax = quoteTax(
    deps.taxes,
    { country: row.country, region: row.region ?? undefined },
    subtotalMinor,
  );
  return {
    id: row.id,
    status: row.status,
    currency,
    country: row.country,
    region: row.region,
    postalCode: row.postalCode,
    email: row.email,
    coupon: row.couponCode,
    ...(row.locale ? { locale: row.locale } : {}),
    lines,
    ...(upgrade
      ? {
          upgrade: {
            subscriptionId: upgrade.subscriptionId,
            fromPlan: upgrade.fromPlan,
            creditMinor: upgrade.creditMinor,
          },
        }
      : {}),
    regularMinor,
    discountMinor: regularMinor - linesMinor,
    subtotalMinor,
    tax,
    totalMinor: tax.totalMinor,
  };
}

/** The cart now: an upgrade cart's credit is quoted afresh on every read and at payment. */
export async function cartView(deps: CartDeps, row: CartRow): Promise<CartView> {
  return viewCart(deps, row, await upgradeTermsOf(deps.upgradeQuotes, row));
}

/** A new cart as the route parsed it (core's cartInputSchema). */
export type CartRequest = z.output<typeof cartInputSchema>;
/** A cart's changes as the route parsed them (core's cartPatchSchema). */
export type CartChanges = z.output<typeof cartPatchSchema>;

export async function createCart(
  deps: CartDeps,
  parsed: CartRequest,
  caller: CartCaller,
  now = new Date(),
): Promise<CartView> {
  const upgradeFrom = parsed.upgradeFrom ?? null;
  const upgrade = upgradeFrom
    ? await newUpgradeTerms(deps.upgradeQuotes, caller.accountId, { ...parsed, upgradeFrom })
    : undefined;
  const values = await checkCart(
    deps,
    {
      mainPlan: parsed.mainPlan,
      crossSellPlan: parsed.crossSellPlan ?? null,
      couponCode: parsed.coupon ?? null,
      email: upgrade?.email ?? parsed.email ?? null,
      currency: parsed.currency,
      country: parsed.country,
      region: parsed.region ?? null,
      postalCode: parsed.postalCode ?? null,
    },
    caller,
    now,
  );
  const owner = { ownerHash: caller.ownerHash, accountId: caller.accountId };
  const locale = parsed.locale ?? null;
  const row = await insertCart(deps.db, { ...values, ...owner, locale, upgradeFrom });
  return viewCart(deps, row, upgrade);
}

/**
 * Another browser's cart answers exactly like a cart that does not exist: a 403 would confirm
 * to whoever holds a leaked or guessed id that the cart is real (docs/decisions/003).
 */
const noSuchCart = () => new AppError(ERROR_CODES.notFound, 'There is no such cart.');

/**
 * The caller's cart, or a 404. A logged-in owner's cart is bound to the account too, so the
 * shopper who logs in mid-checkout reaches it from the account's other devices.
 */
export async function ownCart(deps: CartDeps, id: string, caller: CartCaller): Promise<CartRow> {
  const row = isRecordId(id) ? await findCart(deps.db, id) : undefined;
  if (!row || !mayUseCart(row, caller)) throw noSuchCart();
  if (caller.accountId && row.accountId === null) {
    await bindAccount(deps.db, row.id, caller.accountId);
    return { ...row, accountId: caller.accountId };
  }
  return row;
}

/** For modules that hold a cart id (orders, payments): may this caller act on that cart? */
export async function ownsCart(db: Database, cartId: string, caller: CartCaller): Promise<boolean> {
  if (caller.ownerHash === null && caller.accountId === null) return false;
  const row = await findCart(db, cartId);
  return row !== undefined && mayUseCart(row, caller);
}

export async function getCart(deps: CartDeps, id: string, caller: CartCaller): Promise<CartView> {
  return cartView(deps, await ownCart(deps, id, caller));
}

const modificationForbidden = () =>
  new AppError(
    BACKEND_CODES.cartModificationForbidden,
    'The cart is being paid and can no longer change.',
  );

export async function updateCart(
  deps: CartDeps,
  id: string,
  changes: CartChanges,
  caller: CartCaller,
  now = new Date(),
): Promise<CartView> {
  const row = await ownCart(deps, id, caller);
  if (row.status !== 'open') throw modificationForbidden();
  const upgrade = await upgradeTermsOf(deps.upgradeQuotes, row, changes.mainPlan ?? row.mainPlan);
  if (upgrade) checkUpgradeInput(changes, upgrade);
  const pick = <T>(value: T | undefined, current: T) => (value === undefined ? current : value);
  const merged = await checkCart(
    deps,
    {
      mainPlan: changes.mainPlan ?? row.mainPlan,
      crossSellPlan: pick(changes.crossSellPlan, row.crossSellPlan),
      couponCode: pick(changes.coupon, row.couponCode),
      email: pick(changes.email, row.email),
      currency: changes.currency ?? row.currency,
      country: changes.country ?? row.country,
      // A change of country that names no region takes the new country's default.
      region: pick(
        changes.region,
        (changes.country ?? row.country) === row.country ? row.region : null,
      ),
      postalCode: pick(changes.postalCode, row.postalCode),
    },
    caller,
    now,
  );
  // The status condition in the update closes the race with a payment starting meanwhile.
  const updated = await updateOpenCart(deps.db, id, merged);
  if (!updated) throw modificationForbidden();
  return viewCart(deps, updated, upgrade);
}
