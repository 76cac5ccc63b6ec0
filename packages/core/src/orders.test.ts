import { describe, expect, it } from 'vitest';
import { canTransition, isFinal } from './orders';
import { ORDER_STATUSES, type OrderStatus } from './order-statuses';

/** Every move the status machine allows; anything not listed is refused. */
const ALLOWED: readonly (readonly [OrderStatus, OrderStatus])[] = [
  ['new', 'pending'],
  ['new', 'paid'],
  ['new', 'canceled'],
  ['new', 'error'],
  ['new', 'refund_due'],
  ['pending', 'paid'],
  ['pending', 'canceled'],
  ['pending', 'error'],
  ['pending', 'refund_due'],
  // The provider's word wins: money taken after a browser's fail or cancel still pays...
  ['canceled', 'paid'],
  ['error', 'paid'],
  // ...unless another order paid the cart meanwhile: then the money goes back.
  ['canceled', 'refund_due'],
  ['error', 'refund_due'],
  ['refund_due', 'refunded'],
  // A customer's refund within the money-back window (issue 20).
  ['paid', 'refund_due'],
];

describe('order status machine', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('never takes a refunded order anywhere else, and a paid one only to a refund', () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(['refunded']);
    expect(ORDER_STATUSES.filter((to) => canTransition('paid', to))).toEqual(['refund_due']);
  });
});
