/**
 * Refunds: money the provider took for an order that may not keep it (its cart was paid by
 * another order) is given back (outcome.ts). The order waits in refund_due until the provider
 * accepts the refund, then moves to refunded; a refund that failed is asked again by the next
 * notification of that capture or by the sweep below, so none is forgotten across restarts.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from '../orders/tables';
import { refundOrder, type OutcomeDeps } from './outcome';

export type RefundDeps = OutcomeDeps;

async function refundsDue(db: Database, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'refund_due'), lt(orders.updatedAt, before)))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Asks again for the refunds still due after `retryAfterMs` (the first try failed, or its
 * process died). Several nodes may run it at once: the provider refunds a payment once and the
 * order moves to refunded once. Answers how many orders it refunded.
 */
export async function retryDueRefunds(
  deps: RefundDeps,
  { retryAfterMs = 60_000, now = new Date(), limit = 50 } = {},
): Promise<number> {
  const due = await refundsDue(deps.db, new Date(now.getTime() - retryAfterMs), limit);
  let refunded = 0;
  for (const orderId of due) if (await refundOrder(deps, orderId)) refunded++;
  return refunded;
}
