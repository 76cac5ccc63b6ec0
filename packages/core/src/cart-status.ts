/**
 * A cart's status and the only moves it may make, as data like the order's (orders.ts): every
 * module that changes a cart's status moves it from the statuses this table allows.
 */
import { CART_STATUSES } from './cart';

export type CartStatus = (typeof CART_STATUSES)[number];

/**
 * open → payment_started (a payment starts and holds the cart); payment_started → open (it
 * failed or was canceled: the shopper may pay again) or completed (it was paid); open →
 * completed (a capture the provider reported after the cart had reopened still pays it).
 * Completed is final: a cart is paid once.
 */
export const CART_TRANSITIONS: Readonly<Record<CartStatus, readonly CartStatus[]>> = {
  open: ['payment_started', 'completed'],
  payment_started: ['open', 'completed'],
  completed: [],
};

export function canMoveCart(from: CartStatus, to: CartStatus): boolean {
  return CART_TRANSITIONS[from].includes(to);
}

/** The statuses a cart may move to `to` from, for the guard of the statement that moves it. */
export function cartStatusesBefore(to: CartStatus): CartStatus[] {
  return CART_STATUSES.filter((from) => canMoveCart(from, to));
}
