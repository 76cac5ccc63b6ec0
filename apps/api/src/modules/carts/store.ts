/** Cart rows. */
import { and, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type Database } from '../../db/client';
import { carts, couponRedemptions } from './tables';

export type CartRow = typeof carts.$inferSelect;
export type NewCart = typeof carts.$inferInsert;

/** Every shopper's first write: a named statement, built and planned once. */
const insertCartRow = preparedQuery((db) =>
  db
    .insert(carts)
    .values({
      mainPlan: sql.placeholder('mainPlan'),
      crossSellPlan: sql.placeholder('crossSellPlan'),
      couponCode: sql.placeholder('couponCode'),
      email: sql.placeholder('email'),
      currency: sql.placeholder('currency'),
      country: sql.placeholder('country'),
      region: sql.placeholder('region'),
      postalCode: sql.placeholder('postalCode'),
      ownerHash: sql.placeholder('ownerHash'),
      accountId: sql.placeholder('accountId'),
      locale: sql.placeholder('locale'),
      upgradeFrom: sql.placeholder('upgradeFrom'),
    })
    .returning()
    .prepare('insert_cart'),
);

/** A new open cart (id, status and times from the table's defaults). */
export async function insertCart(
  db: Database,
  values: Omit<NewCart, 'id' | 'status' | 'createdAt' | 'updatedAt'>,
): Promise<CartRow> {
  const [row] = await insertCartRow(db).execute({
    mainPlan: values.mainPlan,
    crossSellPlan: values.crossSellPlan ?? null,
    couponCode: values.couponCode ?? null,
    email: values.email ?? null,
    currency: values.currency,
    country: values.country,
    region: values.region ?? null,
    postalCode: values.postalCode ?? null,
    ownerHash: values.ownerHash ?? null,
    accountId: values.accountId ?? null,
    locale: values.locale ?? null,
    upgradeFrom: values.upgradeFrom ?? null,
  });
  if (!row) throw new Error('insert returned no cart');
  return row;
}

const cartById = preparedQuery((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .prepare('cart_by_id'),
);

/**
 * The owner of the cart `cartId` as one JSON value (`{ ownerHash, accountId }`, null without a
 * cart), for a statement of another module that shows a cart's data to its owner only
 * (binding.ts mayUseCart): one round trip instead of a read of the cart after its own.
 */
export const cartOwnerSql = (cartId: SQL): SQL =>
  sql`(select json_build_object('ownerHash', owner_hash, 'accountId', account_id) from carts
    where id = ${cartId})`;

export async function findCart(db: Database, id: string): Promise<CartRow | undefined> {
  const [row] = await cartById(db).execute({ id });
  return row;
}

/** Updates an open cart only; undefined when it is not open (or gone). */
export async function updateOpenCart(
  db: Database,
  id: string,
  values: Partial<NewCart>,
): Promise<CartRow | undefined> {
  const [row] = await db
    .update(carts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(carts.id, id), eq(carts.status, 'open')))
    .returning();
  return row;
}

/** Binds a cart to the account of the shopper using it; an existing binding stays. */
export async function bindAccount(db: Database, id: string, accountId: string): Promise<void> {
  await db
    .update(carts)
    .set({ accountId })
    .where(and(eq(carts.id, id), isNull(carts.accountId)));
}

/** Paid orders' redemptions per coupon code (the console's usage counts, a coupon's limit). */
export async function redemptionCounts(
  db: Database,
  couponCode?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: couponRedemptions.couponCode, used: count() })
    .from(couponRedemptions)
    .where(
      and(
        isNotNull(couponRedemptions.redeemedAt),
        couponCode === undefined ? undefined : eq(couponRedemptions.couponCode, couponCode),
      ),
    )
    .groupBy(couponRedemptions.couponCode);
  return new Map(rows.map((row) => [row.code, row.used]));
}

/** Whether the mailbox redeemed the coupon (a hold of a payment still running is no use yet). */
export async function hasRedeemed(
  db: Database,
  couponCode: string,
  mailbox: string,
): Promise<boolean> {
  const rows = await db
    .select({ code: couponRedemptions.couponCode })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponCode, couponCode),
        eq(couponRedemptions.mailbox, mailbox),
        isNotNull(couponRedemptions.redeemedAt),
      ),
    );
  return rows.length > 0;
}
