/** Reading an order: its status for anyone holding its id, the rest for its cart's owner. */
import { sql, type SQL } from 'drizzle-orm';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import {
  isRecordId,
  type CartView,
  type Currency,
  type OrderStatus,
  type OrderView,
} from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { mayUseCart, type CartCaller, type CartOwner } from '../carts/binding';
import { cartOwnerSql } from '../carts/store';

/** A paid order's subscriptions as it started them, as JSON (the subscriptions module's SQL). */
export type SubscriptionTermsOf = (orderId: SQL) => SQL;

interface SubscriptionTerms {
  plan: string;
  nextChargeAt: string;
  nextChargeMinor: number;
}

interface OrderRead {
  id: string;
  status: OrderStatus;
  cartId: string;
  email: string;
  currency: Currency;
  totalMinor: number;
  taxMinor: number;
  snapshot: CartView;
  owner: CartOwner | null;
  terms: SubscriptionTerms[];
}

/** The order with its cart's owner and its subscriptions: one statement. */
async function readOrder(db: Database, id: string, terms: SubscriptionTermsOf) {
  const [order] = await queryRows<OrderRead>(
    db,
    sql`select o.id, o.status, o.cart_id as "cartId", o.email, o.currency,
      o.total_minor as "totalMinor", o.tax_minor as "taxMinor", o.snapshot,
      ${cartOwnerSql(sql`o.cart_id`)} as owner, ${terms(sql`o.id`)} as terms
      from orders o where o.id = ${id}`,
  );
  return order;
}

/**
 * Anyone holding an order id (a desktop app's deep link) learns its status and product; its
 * e-mail, cart and totals only the browser or account its cart belongs to.
 */
export async function getOrder(
  db: Database,
  catalog: Catalog,
  id: string,
  caller: CartCaller,
  terms: SubscriptionTermsOf,
): Promise<OrderView> {
  const valid = isRecordId(id);
  const order = valid ? await readOrder(db, id, terms) : undefined;
  if (!order) throw new AppError(ERROR_CODES.notFound, 'There is no such order.');
  const owner = order.owner !== null && mayUseCart(order.owner, caller);
  return {
    id: order.id,
    status: order.status,
    productGroup: mainProduct(catalog, order.snapshot),
    cartId: owner ? order.cartId : null,
    email: owner ? order.email : null,
    currency: owner ? order.currency : null,
    totalMinor: owner ? order.totalMinor : null,
    taxMinor: owner ? order.taxMinor : null,
    upgrade: owner ? order.snapshot.upgrade != null : null,
    subscriptions: owner ? subscribed(catalog, order.terms, order.snapshot) : null,
  };
}

/** The order's lines that started a subscription, in the cart's order, with its first renewal. */
function subscribed(
  catalog: Catalog,
  rows: readonly SubscriptionTerms[],
  cart: CartView,
): NonNullable<OrderView['subscriptions']> {
  const plans = catalog.snapshot().plans;
  return cart.lines.flatMap((line) => {
    const row = rows.find((r) => r.plan === line.plan);
    if (!row) return [];
    return [
      {
        productGroup: plans.get(line.plan)?.productId ?? null,
        tier: line.tier,
        period: { interval: line.period.interval, unit: line.period.unit },
        renewsAt: new Date(row.nextChargeAt).toISOString(),
        renewalMinor: row.nextChargeMinor,
      },
    ];
  });
}

function mainProduct(catalog: Catalog, cart: CartView): string | null {
  const main = cart.lines.find((line) => line.kind === 'main');
  return (main && catalog.snapshot().plans.get(main.plan)?.productId) ?? null;
}
