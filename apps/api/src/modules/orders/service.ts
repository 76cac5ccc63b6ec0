/** Reading an order: its status for anyone holding its id, the rest for its cart's owner. */
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { isRecordId, type CartView, type OrderView } from '@checkout/core';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import type { CartCaller } from '../carts/binding';
import { ownsCart } from '../carts/service';
import { orderById } from './transitions';

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
  const [order] = valid ? await orderById(db).execute({ id }) : [];
  if (!order) throw new AppError(ERROR_CODES.notFound, 'There is no such order.');
  const owner = await ownsCart(db, order.cartId, caller);
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
    subscriptions: owner ? subscribed(catalog, await terms(order.id), order.snapshot) : null,
  };
}

/** A paid order's subscriptions as it started them (the subscriptions module reads them). */
export type SubscriptionTermsOf = (
  orderId: string,
) => Promise<{ plan: string; nextChargeAt: Date; nextChargeMinor: number }[]>;

/** The order's lines that started a subscription, in the cart's order, with its first renewal. */
function subscribed(
  catalog: Catalog,
  rows: Awaited<ReturnType<SubscriptionTermsOf>>,
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
        renewsAt: row.nextChargeAt.toISOString(),
        renewalMinor: row.nextChargeMinor,
      },
    ];
  });
}

function mainProduct(catalog: Catalog, cart: CartView): string | null {
  const main = cart.lines.find((line) => line.kind === 'main');
  return (main && catalog.snapshot().plans.get(main.plan)?.productId) ?? null;
}
