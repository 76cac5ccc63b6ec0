/**
 * Renewal payments, a batch at a time: each an ordinary order linked to its subscription (no cart
 * behind it), paid by a merchant-initiated charge of the method the provider kept at the first
 * payment, and moved through outcome.ts like every other order. One order per subscription, cycle
 * and attempt: its payment's idempotency key says so, and the provider charges that payment id
 * once. A batch's orders and payments are placed in one statement, charged in one call to each
 * provider that takes batches, and answered and moved in one statement each.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findProvider, type CartView, type Currency, type OrderStatus } from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import { placeRenewalOrdersSql } from '../orders/new-orders';
import { applyRenewalStatuses, type OutcomeDeps } from './outcome';
import type { PaymentAdapter, SavedMethodCharge } from './providers/adapter';

export interface RenewalCharge {
  subscriptionId: string;
  cycle: number;
  attempt: number;
  /** The subscription's first order: its buyer and country carry over. */
  firstOrderId: string;
  amountMinor: number;
  /** The renewal order's snapshot (orders' renewalSnapshot). */
  snapshot: CartView;
  currency: Currency;
  /** The method to charge: the customer's newer one, else the first payment's. */
  method: { provider: string; method: string } | undefined;
}

export type ChargedRenewal =
  | {
      orderId: string;
      /** The provider's answer (paid, error), or the order's status when it had answered before. */
      status: OrderStatus;
    }
  /** Another job is placing this attempt's order at this moment: asked again when the claim ends. */
  | { orderId?: undefined; status: 'placing' };

type SavedMethod = { provider: string; method: string };

/** The reusable method the provider kept at an order's payment, with its provider. */
export async function savedMethodOf(
  db: Database,
  orderId: string,
): Promise<SavedMethod | undefined> {
  return (await savedMethodsOf(db, [orderId])).get(orderId);
}

/** The same for many orders in one statement, by order id. */
export async function savedMethodsOf(
  db: Database,
  orderIds: readonly string[],
): Promise<Map<string, SavedMethod>> {
  if (orderIds.length === 0) return new Map();
  const rows = await queryRows<SavedMethod & { order_id: string }>(
    db,
    sql`select distinct on (order_id) order_id, provider, saved_method as method from payments
      where order_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(orderIds)}::jsonb))
        and saved_method is not null
      order by order_id, created_at`,
  );
  return new Map(rows.map(({ order_id, provider, method }) => [order_id, { provider, method }]));
}

interface Placed {
  n: number;
  order_id: string;
  payment_id: string;
  status: OrderStatus;
}

/**
 * Places each charge's order and payment once per key, in one statement; answers, by the charge's
 * index, its order and payment ids and status (a repeat finds the first attempt's).
 */
async function placeRenewalOrders(
  db: Database,
  charges: readonly { charge: RenewalCharge; provider: string }[],
): Promise<Map<number, Placed>> {
  const input = JSON.stringify(
    charges.map(({ charge, provider }, n) => ({
      n,
      key: `renewal:${charge.subscriptionId}:${charge.cycle}:${charge.attempt}`,
      order_id: randomUUID(),
      payment_id: randomUUID(),
      subscription_id: charge.subscriptionId,
      first_order_id: charge.firstOrderId,
      amount: charge.amountMinor,
      currency: charge.currency,
      snapshot: charge.snapshot,
      provider,
    })),
  );
  const rows = await queryRows<Placed>(
    db,
    sql`with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(n int, key text, order_id uuid,
        payment_id uuid, subscription_id uuid, first_order_id uuid, amount bigint, currency text,
        snapshot jsonb, provider text)
    ), fresh as (
      select i.* from input i
      where not exists (select 1 from payments p where p.idempotency_key = i.key)
    ), placed as (${placeRenewalOrdersSql(sql`fresh`)}), paid as (
      insert into payments (id, order_id, provider, idempotency_key, request_hash, lease_until)
      select f.payment_id, f.order_id, f.provider, f.key, 'renewal', now() + interval '5 minutes'
      from fresh f join placed on placed.id = f.order_id
      on conflict (idempotency_key) do nothing
      returning id, order_id
    )
    select i.n, paid.order_id, paid.id as payment_id, 'new' as status
    from input i join paid on paid.id = i.payment_id
    union all
    select i.n, p.order_id, p.id, o.status from input i
      join payments p on p.idempotency_key = i.key join orders o on o.id = p.order_id`,
  );
  return new Map(rows.map((row) => [Number(row.n), row]));
}

/** Asks each adapter for its charges: in one call when it takes batches, else one by one. */
async function chargeAll(
  byAdapter: Map<PaymentAdapter, { n: number; charge: SavedMethodCharge }[]>,
): Promise<Map<number, OrderStatus>> {
  const statuses = new Map<number, OrderStatus>();
  for (const [adapter, charges] of byAdapter) {
    const answered = adapter.chargeSavedMethods
      ? await adapter.chargeSavedMethods(charges.map(({ charge }) => charge))
      : await Promise.all(
          charges.map(({ charge }) =>
            adapter.chargeSavedMethod
              ? adapter.chargeSavedMethod(charge)
              : Promise.resolve<OrderStatus>('error'),
          ),
        );
    charges.forEach(({ n }, i) => statuses.set(n, answered[i] ?? 'error'));
  }
  return statuses;
}

/**
 * Stores each charge's answer on its payment, in one statement that takes the payments' rows in
 * id order: two nodes storing answers for the same payments (a claim that ran out mid-charge)
 * then wait for each other instead of deadlocking, as the renewal statements of
 * subscriptions/moves.ts and renewal-state.ts do. Exported for its lock-order test.
 */
export async function storeRenewalAnswers(
  db: Database,
  answers: readonly { paymentId: string; orderId: string; status: OrderStatus }[],
): Promise<void> {
  if (answers.length === 0) return;
  const input = JSON.stringify(
    answers.map(({ paymentId, orderId, status }) => ({
      id: paymentId,
      answer:
        status === 'paid'
          ? { type: 'done', orderId }
          : { type: 'error', orderId, reason: 'declined' },
    })),
  );
  await queryRows(
    db,
    sql`with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(id uuid, answer jsonb)
    ), locked as (
      select id from payments where id in (select id from input) order by id for update
    )
    update payments p set answer = i.answer
      from input i join locked l on l.id = i.id
      where p.id = i.id returning p.id`,
  );
}

/**
 * Charges each renewal attempt and moves its order; answers in the order asked, undefined where
 * nothing could be charged (no method, no provider). Run twice (a retried job, a second node),
 * it finds the same orders and the provider answers the same charges: charged once.
 */
export async function chargeRenewals(
  deps: OutcomeDeps,
  charges: readonly RenewalCharge[],
): Promise<(ChargedRenewal | undefined)[]> {
  const chargeable = charges.flatMap((charge, n) => {
    const provider = charge.method && findProvider(charge.method.provider);
    const adapter = provider && deps.adapterFor(provider);
    return charge.method && provider && adapter?.chargeSavedMethod
      ? [{ n, charge, provider, adapter, method: charge.method.method }]
      : [];
  });
  if (chargeable.length === 0) return charges.map(() => undefined);
  const placed = await placeRenewalOrders(
    deps.db,
    chargeable.map(({ charge, provider }) => ({ charge, provider: provider.id })),
  );
  const results = new Map<number, ChargedRenewal>();
  const byAdapter = new Map<PaymentAdapter, { n: number; charge: SavedMethodCharge }[]>();
  chargeable.forEach(({ n, charge, provider, adapter, method }, i) => {
    const row = placed.get(i);
    if (!row) {
      results.set(n, { status: 'placing' });
      return;
    }
    results.set(n, { orderId: row.order_id, status: row.status });
    // Placed before and answered since: a repeat, charged no more.
    if (row.status !== 'new') return;
    const list = byAdapter.get(adapter) ?? [];
    list.push({
      n,
      charge: {
        paymentId: row.payment_id,
        orderId: row.order_id,
        provider,
        method,
        amountMinor: charge.amountMinor,
        currency: charge.currency,
      },
    });
    byAdapter.set(adapter, list);
  });
  const statuses = await chargeAll(byAdapter);
  const answers = [...byAdapter.values()].flat().map(({ n, charge }) => ({
    n,
    paymentId: charge.paymentId,
    orderId: charge.orderId,
    status: statuses.get(n) ?? 'error',
  }));
  await storeRenewalAnswers(deps.db, answers);
  await applyRenewalStatuses(deps, answers);
  for (const { n, orderId, status } of answers) results.set(n, { orderId, status });
  return charges.map((_, n) => results.get(n));
}
