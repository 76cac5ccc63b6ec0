/**
 * Who is told of each order's move in this process (the business metrics count paid and declined
 * orders). Listening moves nothing, so this is apart from orders/transitions.ts, whose moves only
 * payments/outcome.ts may ask for.
 */
import type { OrderStatus } from '@checkout/core';

type MoveListener = (orderId: string, to: OrderStatus) => void;
const moveListeners = new Set<MoveListener>();

/** Listens to every order's move in this process; returns the call that stops listening. */
export function onOrderMoved(listener: MoveListener): () => void {
  moveListeners.add(listener);
  return () => moveListeners.delete(listener);
}

/** Tells the listeners that `orderId` moved to `to` (orders/transitions.ts, once per real move). */
export function announceMove(orderId: string, to: OrderStatus): void {
  for (const listener of moveListeners) listener(orderId, to);
}
