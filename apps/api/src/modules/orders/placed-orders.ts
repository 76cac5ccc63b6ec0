/**
 * What never changes about an order once placed (its e-mail, currency and cart snapshot), kept
 * in this process for the orders it placed, so their first move needs no read. A miss (another
 * api process placed the order, or it was evicted) reads the row; the status is never cached,
 * the move itself checks it under the row lock.
 */
import type { orders } from './tables';

export type OrderFacts = Pick<
  typeof orders.$inferSelect,
  'id' | 'email' | 'currency' | 'snapshot'
> & {
  /** Set on a renewal order (read from its row; a cart's order is remembered without it). */
  subscriptionId?: string | null;
};

/** Enough for every order in flight at a few hundred orders a second. */
const CAPACITY = 5000;
const placed = new Map<string, OrderFacts>();

export function rememberOrder(facts: OrderFacts): void {
  placed.set(facts.id, facts);
  if (placed.size > CAPACITY) placed.delete(placed.keys().next().value as string);
}

export function recallOrder(id: string): OrderFacts | undefined {
  return placed.get(id);
}

export function forgetOrder(id: string): void {
  placed.delete(id);
}
