/**
 * Orders placed in status new, as fragments of the statement that places each with its payment
 * (payments composes them: the order, its payment and the cart's lock commit together), and the
 * claim on an abandoned one that the expiry sweep takes. Orders alone write the orders table.
 */
import { sql, type SQL } from 'drizzle-orm';
import { splitMinor, type CartView, type Period } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';

/** A cart's order, once per row of `source` (the cart's locked row: its id is the cart id). */
export function placeCartOrderSql(
  orderId: string,
  email: string,
  cart: CartView,
  source: SQL,
): SQL {
  return sql`insert into orders
        (id, cart_id, status, email, currency, country, total_minor, tax_minor, snapshot)
      select ${orderId}::uuid, id, 'new', ${email}, ${cart.currency}, ${cart.country},
        ${cart.totalMinor}::bigint, ${cart.tax.taxMinor}::bigint, ${JSON.stringify(cart)}::jsonb
      from ${source} returning id`;
}

/** What a renewal order sells: its subscription's renewal plan for one renewal term. */
export interface RenewalLine {
  plan: string;
  tier: string;
  period: Period;
}

/**
 * A renewal order's snapshot: the first order's buyer, place and language, and one line, the
 * renewal plan at the amount charged, with the first order's tax rates' share of it (the amount
 * includes or adds the tax alike). Not the first order's lines: its cross-sell renews as its own
 * subscription, and its coupon and an upgrade's credit were for the first term only (an upgrade
 * kept on a renewal would also count as a second paid upgrade, orders_one_paid_per_upgrade).
 */
export function renewalSnapshot(first: CartView, line: RenewalLine, amountMinor: number): CartView {
  const taxMinor =
    first.totalMinor > 0 ? Math.round((amountMinor * first.tax.taxMinor) / first.totalMinor) : 0;
  const shares = splitMinor(
    taxMinor,
    first.tax.lines.map((tax) => tax.amountMinor),
  );
  const subtotalMinor = first.tax.inclusive ? amountMinor : amountMinor - taxMinor;
  return {
    ...first,
    upgrade: undefined,
    coupon: null,
    lines: [
      {
        kind: 'main',
        plan: line.plan,
        tier: line.tier,
        period: line.period,
        amountMinor: subtotalMinor,
        beforeDiscountMinor: subtotalMinor,
      },
    ],
    regularMinor: subtotalMinor,
    discountMinor: 0,
    subtotalMinor,
    tax: {
      ...first.tax,
      lines: first.tax.lines.map((tax, i) => ({ ...tax, amountMinor: shares[i] ?? 0 })),
      taxMinor,
      totalMinor: amountMinor,
    },
    totalMinor: amountMinor,
  };
}

/** The snapshots of the orders named, by id, in one statement. */
export async function orderSnapshots(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, CartView>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; snapshot: CartView }>(
    db,
    sql`select id, snapshot from orders
      where id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return new Map(rows.map((row) => [row.id, row.snapshot]));
}

/**
 * A renewal order per row of `source` (columns order_id, first_order_id, subscription_id,
 * amount, currency, snapshot: renewalSnapshot's): the first order's buyer and place carry over.
 */
export function placeRenewalOrdersSql(source: SQL): SQL {
  return sql`insert into orders (id, cart_id, status, email, currency, country, total_minor,
        tax_minor, snapshot, subscription_id)
      select f.order_id, f.order_id, 'new', o.email, f.currency, o.country, f.amount,
        (f.snapshot->'tax'->>'taxMinor')::bigint, f.snapshot, f.subscription_id
      from ${source} f join orders o on o.id = f.first_order_id
      returning id`;
}

/**
 * Claims up to `limit` orders still new with no news since `cutoff`, skipping those another
 * sweep holds (a claim older than `lapsed` is taken over); answers their ids.
 */
export async function claimAbandonedOrders(
  db: Database,
  at: { now: Date; cutoff: Date; lapsed: Date; limit: number },
): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update orders set expiry_claimed_at = ${at.now.toISOString()}::timestamptz
    where id in (
      select id from orders
      where status = 'new' and updated_at < ${at.cutoff.toISOString()}::timestamptz
        and (expiry_claimed_at is null or expiry_claimed_at < ${at.lapsed.toISOString()}::timestamptz)
      order by updated_at
      limit ${at.limit}
      for update skip locked
    ) and status = 'new'
    returning id`,
  );
  return rows.map((row) => row.id);
}
