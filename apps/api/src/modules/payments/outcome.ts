/**
 * The one place payments moves orders. The provider's word on a payment (its answer to a start,
 * a signed notification, its answer when asked, its own page) moves the order, and wins over
 * the browser's: money it reports taken pays the order even after the hosted page said fail or
 * cancel, and is refunded when another order paid the cart meanwhile. A capture is never
 * acknowledged and dropped. What a move does across modules comes from checkout.
 */
import type { SQL } from 'drizzle-orm';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { canTransition, ORDER_STATUSES, type OrderStatus, type ProviderSpec } from '@checkout/core';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { orderConsequences } from '../checkout/complete-order';
import { transitionRenewalOrders } from '../orders/renewal-transitions';
import { transitionOrder, writeAlone, type EventSource } from '../orders/transitions';
import { paymentOf } from './order-payment';
import { restToRefund } from './refund-ledger';
import type { PaymentAdapter, PaymentRef } from './providers/adapter';

export type { EventSource };

export interface OutcomeDeps {
  db: Database;
  catalog: Catalog;
  /** The provider's adapter; undefined when none is configured (production, sandbox off). */
  adapterFor: (provider: ProviderSpec) => PaymentAdapter | undefined;
}

/**
 * Moves the order to `to` if it may move there; true when this call moved it. `alongside` is
 * written in the same statement, moved or not (transitionOrder).
 */
export function moveOrder(
  deps: Pick<OutcomeDeps, 'db' | 'catalog'>,
  orderId: string,
  to: OrderStatus,
  source: EventSource,
  alongside?: SQL,
): Promise<boolean> {
  return transitionOrder(deps.db, orderConsequences(deps.catalog), orderId, to, source, alongside);
}

/**
 * The provider's first answer: moves the order to the status it reports, with `alongside` (the
 * stored answer) in the same statement; without a status, `alongside` is written alone.
 */
export async function moveOnAnswer(
  deps: Pick<OutcomeDeps, 'db' | 'catalog'>,
  orderId: string,
  to: OrderStatus | undefined,
  alongside: SQL,
): Promise<void> {
  if (to) await moveOrder(deps, orderId, to, 'authorization', alongside);
  else await writeAlone(deps.db, alongside);
}

/**
 * True when the provider reporting `reported` leaves an order in `status` as it is: money taken
 * for an order already paid or given back, and anything else for a paid order (only its
 * customer's refund request moves it, startCustomerRefund) or one that may not move there.
 */
export function changesNothing(status: OrderStatus, reported: OrderStatus): boolean {
  if (reported === 'paid') return status === 'paid' || status === 'refunded';
  return status === 'paid' || !canTransition(status, reported);
}

/** The order statuses a report of `reported` leaves as they are (changesNothing). */
export const unchangedBy = (reported: OrderStatus): OrderStatus[] =>
  ORDER_STATUSES.filter((status) => changesNothing(status, reported));

/** True when the word changed the order (paid, refund_due or refunded included). */
export async function applyProviderStatus(
  deps: OutcomeDeps,
  order: { id: string; status: OrderStatus },
  reported: OrderStatus,
  source: EventSource,
): Promise<boolean> {
  if (changesNothing(order.status, reported)) return false;
  if (reported !== 'paid') return moveOrder(deps, order.id, reported, source);
  if (order.status !== 'refund_due' && (await moveOrder(deps, order.id, 'paid', source)))
    return true;
  // Another order paid the cart (the move went to refund_due), or a refund is still due.
  return refundOrder(deps, order.id);
}

/**
 * The provider's answers to a batch of renewal charges, as applyProviderStatus applies each to a
 * new order, in one statement (a renewal order has no cart another order could have paid).
 * Answers the ids of the orders moved.
 */
export function applyRenewalStatuses(
  deps: Pick<OutcomeDeps, 'db'>,
  answers: readonly { orderId: string; status: OrderStatus }[],
): Promise<Set<string>> {
  const moves = answers.filter(({ status }) => canTransition('new', status));
  return transitionRenewalOrders(
    deps.db,
    moves.map(({ orderId, status }) => ({ orderId, to: status })),
    'authorization',
  );
}

/** True when this call refunded the order; false when it was not (or no longer) refund_due. */
export async function refundOrder(deps: OutcomeDeps, orderId: string): Promise<boolean> {
  const payment = await paymentOf(deps.db, orderId);
  if (payment.status !== 'refund_due') return false;
  // No adapter (the provider was unconfigured since): it stays refund_due for an operator.
  const adapter = deps.adapterFor(payment.provider);
  if (!adapter) return false;
  // After staff's partial refunds (staff-refunds.ts) only the rest is given back.
  await adapter.refundPayment(payment, await restToRefund(deps.db, orderId)).catch(() => {
    // A 503 to a notification: the provider sends it again, and the refund is asked again.
    throw new AppError(
      ERROR_CODES.unavailable,
      'The provider did not accept the refund yet; it will be asked again.',
    );
  });
  return moveOrder(deps, orderId, 'refunded', 'refund');
}

/**
 * A customer asked for their money back (within the window, checked by the caller): the paid
 * order moves to refund_due, and is refunded like any other refund due (refundOrder, or the
 * sweep when the provider did not accept it yet). True when this call moved it.
 */
export function startCustomerRefund(
  deps: Pick<OutcomeDeps, 'db' | 'catalog'>,
  orderId: string,
): Promise<boolean> {
  return moveOrder(deps, orderId, 'refund_due', 'customer');
}

/**
 * Voids a payment the provider never answered, at the provider and then here (the cart reopens),
 * unless the provider answered in the meantime: a provider's cancel never moves our order
 * itself. True when this moved the order.
 */
export async function voidUnanswered(
  deps: Pick<OutcomeDeps, 'db' | 'catalog'>,
  adapter: PaymentAdapter,
  payment: PaymentRef,
  source: EventSource,
): Promise<boolean> {
  await adapter.cancelPayment(payment);
  return moveOrder(deps, payment.orderId, 'canceled', source);
}
