/**
 * A renewal's payment: an ordinary order linked to its subscription (no cart behind it), paid by
 * a merchant-initiated charge of the method the provider kept at the first payment, and moved
 * through outcome.ts like every other order. One order per subscription, cycle and attempt: its
 * payment's idempotency key says so, and the provider charges that payment id once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findProvider, type CartView, type Currency, type OrderStatus } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import { rememberOrder } from '../orders/placed-orders';
import { applyProviderStatus, type OutcomeDeps } from './outcome';

export interface RenewalCharge {
  subscriptionId: string;
  cycle: number;
  attempt: number;
  /** The subscription's first order: its buyer, country and snapshot carry over. */
  firstOrderId: string;
  amountMinor: number;
  currency: Currency;
  /** The method to charge: the customer's newer one, else the first payment's. */
  method: { provider: string; method: string } | undefined;
}

export interface ChargedRenewal {
  orderId: string;
  /** The order's status after the provider's answer; `error` when nothing could be charged. */
  status: OrderStatus;
}

/** The reusable method the provider kept at an order's payment, with its provider. */
export async function savedMethodOf(
  db: Database,
  orderId: string,
): Promise<{ provider: string; method: string } | undefined> {
  const [row] = await queryRows<{ provider: string; method: string }>(
    db,
    sql`select provider, saved_method as method from payments
      where order_id = ${orderId} and saved_method is not null limit 1`,
  );
  return row;
}

/** Places the renewal order once per key; answers its order and payment ids and status. */
async function placeRenewalOrder(db: Database, charge: RenewalCharge, provider: string) {
  const key = `renewal:${charge.subscriptionId}:${charge.cycle}:${charge.attempt}`;
  const orderId = randomUUID();
  const paymentId = randomUUID();
  // The tax share of the first order carries over (the renewal price includes or adds it alike).
  const placed = await queryRows<{
    order_id: string;
    payment_id: string;
    status: OrderStatus;
    email: string;
    snapshot: CartView | null;
  }>(
    db,
    sql`with first as (
      select email, country, snapshot, case when total_minor > 0
        then round(${charge.amountMinor}::numeric * tax_minor / total_minor)::bigint else 0 end as tax
      from orders where id = ${charge.firstOrderId}
    ), placed as (
      insert into orders (id, cart_id, status, email, currency, country, total_minor, tax_minor,
        snapshot, subscription_id)
      select ${orderId}::uuid, ${orderId}::uuid, 'new', email, ${charge.currency}, country,
        ${charge.amountMinor}::bigint, tax, snapshot, ${charge.subscriptionId}::uuid from first
      where not exists (select 1 from payments where idempotency_key = ${key})
      returning id, email, snapshot
    ), paid as (
      insert into payments (id, order_id, provider, idempotency_key, request_hash, lease_until)
      select ${paymentId}::uuid, id, ${provider}, ${key}, 'renewal', now() + interval '5 minutes'
      from placed
      on conflict (idempotency_key) do nothing
      returning id, order_id
    )
    select paid.order_id, paid.id as payment_id, 'new' as status, placed.email, placed.snapshot
    from paid join placed on placed.id = paid.order_id
    union all
    select p.order_id, p.id, o.status, o.email, null from payments p
      join orders o on o.id = p.order_id
      where p.idempotency_key = ${key}`,
  );
  return placed[0];
}

/**
 * Charges one renewal attempt and moves its order. Run twice (a retried job, a second node), it
 * finds the same order and the provider answers the same charge: charged once.
 */
export async function chargeRenewal(
  deps: OutcomeDeps,
  charge: RenewalCharge,
): Promise<ChargedRenewal | undefined> {
  const provider = charge.method && findProvider(charge.method.provider);
  const adapter = provider && deps.adapterFor(provider);
  if (!charge.method || !provider || !adapter?.chargeSavedMethod) return undefined;
  const placed = await placeRenewalOrder(deps.db, charge, provider.id);
  if (!placed) return undefined;
  const { order_id: orderId, payment_id: paymentId } = placed;
  if (placed.status !== 'new') return { orderId, status: placed.status };
  // Its first move then needs no read (the renewal's facts are the first order's).
  if (placed.snapshot) {
    rememberOrder({
      id: orderId,
      email: placed.email,
      currency: charge.currency,
      snapshot: placed.snapshot,
      subscriptionId: charge.subscriptionId,
    });
  }
  const status = await adapter.chargeSavedMethod({
    paymentId,
    orderId,
    provider,
    method: charge.method.method,
    amountMinor: charge.amountMinor,
    currency: charge.currency,
  });
  await queryRows(
    deps.db,
    sql`update payments set answer = ${JSON.stringify(
      status === 'paid'
        ? { type: 'done', orderId }
        : { type: 'error', orderId, reason: 'declined' },
    )}::jsonb where id = ${paymentId} returning id`,
  );
  await applyProviderStatus(deps, { id: orderId, status: 'new' }, status, 'authorization');
  return { orderId, status };
}
