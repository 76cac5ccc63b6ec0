import { describe, expect, it } from 'vitest';
import { canTransition, isFinal, ORDER_STATUSES, type OrderStatus } from './orders';

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
];

describe('order status machine', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('never takes a paid or refunded order anywhere else', () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(['paid', 'refunded']);
  });
});
