/**
 * The one owner of what an order's outcome does across modules, composed from what each owning
 * module exports: a paid order completes its cart (carts), redeems its coupon (carts), gets or
 * joins the account of its e-mail (identity), creates its subscriptions and ends the one an
 * upgrade order replaces, which must still run (orders); a failed or canceled one gives the cart
 * back to the shopper and lets go of the coupon its payment held (carts); a customer's refund
 * ends the subscriptions the order paid for, unless an upgrade replaced one (orders). Each piece
 * runs inside the order's move, once per row of `moved`, so all of it commits with the move or
 * none of it does.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Catalog } from '../catalog/catalog';
import { couponUse, redeemCouponSql, releaseCouponSql } from '../carts/coupon-redemptions';
import { moveOrderCartSql } from '../carts/transitions';
import { ensureAccountSql } from '../identity/accounts';
import type { OrderFacts } from '../orders/placed-orders';
import { endRefundedSubscriptionsSql, notReplacedSql } from '../subscriptions/refund-effects';
import {
  createSubscriptionsSql,
  endReplacedSubscriptionSql,
  replacedStillRunningSql,
} from '../subscriptions/order-effects';
import type { MoveEffects, OrderConsequences } from '../orders/transitions';

const MOVED = sql`moved`;

/** The named steps as `, name as (…)` fragments, leaving out those that do not apply. */
function ctes(steps: [string, SQL | undefined][]): SQL {
  return sql.join(
    steps.flatMap(([name, step]) => (step ? [sql`, ${sql.raw(name)} as (${step})`] : [])),
    sql``,
  );
}

function paidOrder(catalog: Catalog, order: OrderFacts): MoveEffects {
  // A renewal order has no cart and no coupon, and its subscription exists: the renewal job
  // moves that subscription forward itself (subscriptions/renewals.ts).
  if (order.subscriptionId) return { effects: sql`` };
  const { coupon, upgrade } = order.snapshot;
  return {
    effects: ctes([
      ['account', ensureAccountSql(order.email, MOVED)],
      ['completed', moveOrderCartSql('completed')],
      ...(coupon ? redeemCouponSql(couponUse(catalog, coupon, order.email), MOVED) : []),
      ['subs', createSubscriptionsSql(catalog, order, MOVED)],
      ...(upgrade ? endReplacedSubscriptionSql(upgrade.subscriptionId, order, MOVED) : []),
    ]),
    requires: upgrade && replacedStillRunningSql(upgrade.subscriptionId),
  };
}

export function orderConsequences(catalog: Catalog): OrderConsequences {
  return {
    paid: (order) => paidOrder(catalog, order),
    released: sql`, reopened as (${moveOrderCartSql('open')}), coupon_released as (${releaseCouponSql(MOVED)})`,
    refunding: (order) => ({
      effects: ctes(endRefundedSubscriptionsSql(order.id, MOVED)),
      requires: notReplacedSql(order.id),
    }),
  };
}
