/**
 * The provider's word on a payment (a signed notification, or its answer when asked) moves the
 * order, and wins over the browser's: money it reports taken pays the order even after the
 * hosted page said fail or cancel, and is refunded when another order paid the cart meanwhile.
 * A capture is never acknowledged and dropped.
 */
import { canTransition, type OrderStatus } from '@checkout/core';
import { transitionOrder, type EventSource } from '../orders/service';
import { refundOrder, type RefundDeps } from './refunds';

/** True when the word changed the order (paid, refund_due or refunded included). */
export async function applyProviderStatus(
  deps: RefundDeps,
  order: { id: string; status: OrderStatus },
  reported: OrderStatus,
  source: EventSource,
): Promise<boolean> {
  if (reported !== 'paid') {
    if (!canTransition(order.status, reported)) return false;
    return transitionOrder(deps.db, deps.catalog, order.id, reported, source);
  }
  // The money was taken. Already paid or given back: a repeat.
  if (order.status === 'paid' || order.status === 'refunded') return false;
  if (
    order.status !== 'refund_due' &&
    (await transitionOrder(deps.db, deps.catalog, order.id, 'paid', source))
  )
    return true;
  // Another order paid the cart (the move went to refund_due), or a refund is still due.
  return refundOrder(deps, order.id);
}
