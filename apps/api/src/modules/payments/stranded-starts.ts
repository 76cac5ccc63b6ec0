/**
 * Payment starts stranded by a crash: the request claimed the Idempotency-Key and the provider
 * may have charged, but the process died before storing the answer. Once the claim's lease has
 * run out, the next request with that key (or the sweeper in the api's housekeeping) asks the
 * provider what became of the payment, moves the order accordingly, stores the answer and the
 * card summary the provider reports, and answers like the lost request would have: a paid
 * shopper lands on success. A payment the provider knows nothing final about (never charged, or
 * still waiting for a 3-D Secure challenge nobody will see) is canceled and its cart reopened.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { canTransition, findProvider, type OrderStatus, type PaymentAction } from '@checkout/core';
import type { Database } from '../../db/client';
import { orders } from '../orders/tables';
import type { PaymentDeps } from './deps';
import { moveOrder, voidUnanswered } from './outcome';
import { answered } from './payment-steps';
import { payments } from './tables';

async function statusOf(db: Database, orderId: string): Promise<OrderStatus | undefined> {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order?.status;
}

/**
 * Recovers one stranded start; undefined when it is not stranded (answered meanwhile, its lease
 * still running, or another request or node recovering it now) or no adapter can ask.
 */
export async function recoverStart(
  deps: PaymentDeps,
  paymentId: string,
): Promise<PaymentAction | undefined> {
  // Taking the lease over is the claim on the recovery: of concurrent recoverers one proceeds.
  const [claim] = await deps.db
    .update(payments)
    .set({
      leaseUntil: sql`now() + make_interval(secs => ${deps.startLeaseMs / 1000}::double precision)`,
    })
    .where(
      and(eq(payments.id, paymentId), isNull(payments.answer), lt(payments.leaseUntil, sql`now()`)),
    )
    .returning({ orderId: payments.orderId, provider: payments.provider });
  const provider = claim && findProvider(claim.provider);
  const adapter = provider && deps.adapterFor(provider);
  if (!claim || !adapter) return undefined;
  const ref = { paymentId, orderId: claim.orderId };
  const told = await adapter.refreshStatus(ref);
  let status = await statusOf(deps.db, ref.orderId);
  if (status && told && canTransition(status, told)) {
    await moveOrder(deps, ref.orderId, told, 'poll');
    status = await statusOf(deps.db, ref.orderId);
  }
  if (status === 'new') {
    // Nobody saw this start (a 3-D Secure challenge never shown): the cart is payable again.
    await voidUnanswered(deps, adapter, ref, 'poll');
    status = await statusOf(deps.db, ref.orderId);
  }
  const action = answered(ref.orderId, status ?? 'canceled');
  const card = await adapter.cardOf?.(ref);
  await deps.db
    .update(payments)
    .set({
      answer: action,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpiry: card?.expiry ?? null,
    })
    .where(and(eq(payments.id, paymentId), isNull(payments.answer)));
  return action;
}

/** The cart's stranded start, recovered; undefined when it has none. */
export async function recoverCartStart(
  deps: PaymentDeps,
  cartId: string,
): Promise<PaymentAction | undefined> {
  const [stranded] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(eq(orders.cartId, cartId), isNull(payments.answer), lt(payments.leaseUntil, sql`now()`)),
    );
  return stranded && recoverStart(deps, stranded.id);
}

/**
 * The sweeper: recovers every stranded start, so an order whose shopper never retried is
 * settled too. Returns how many it recovered. Safe on every node at once.
 */
export async function sweepStrandedStarts(deps: PaymentDeps, limit = 100): Promise<number> {
  const stranded = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isNull(payments.answer), lt(payments.leaseUntil, sql`now()`)))
    .limit(limit);
  let recovered = 0;
  for (const { id } of stranded) if (await recoverStart(deps, id)) recovered++;
  return recovered;
}
