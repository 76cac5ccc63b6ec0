/**
 * The cart's status moves, each from the statuses core's CART_TRANSITIONS allows, as SQL for the
 * single statements that place and move orders (so a cart moves with the order or not at all).
 */
import { sql, type SQL } from 'drizzle-orm';
import { cartStatusesBefore, type CartStatus } from '@checkout/core';

const allowedBefore = (to: CartStatus) =>
  sql.join(
    cartStatusesBefore(to).map((status) => sql`${status}`),
    sql`, `,
  );

/** Moves one cart to `to`, if `guard` holds too; returns its id when it moved. */
export function moveCartSql(cartId: string, to: CartStatus, guard: SQL = sql`true`): SQL {
  return sql`update carts set status = ${to}, updated_at = now()
      where id = ${cartId} and status in (${allowedBefore(to)}) and ${guard} returning id`;
}

/** Moves the cart of each row of the CTE `moved` (an order that moved) to `to`. */
export function moveOrderCartSql(to: CartStatus): SQL {
  return sql`update carts set status = ${to}, updated_at = now() from moved
      where carts.id = moved.cart_id and carts.status in (${allowedBefore(to)})`;
}
