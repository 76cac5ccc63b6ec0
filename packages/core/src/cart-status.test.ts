import { describe, expect, it } from 'vitest';
import { canMoveCart, cartStatusesBefore, type CartStatus } from './cart-status';

describe('cart status transitions', () => {
  const table: [CartStatus, CartStatus, boolean][] = [
    ['open', 'payment_started', true],
    ['open', 'completed', true],
    ['open', 'open', false],
    ['payment_started', 'open', true],
    ['payment_started', 'completed', true],
    ['payment_started', 'payment_started', false],
    ['completed', 'open', false],
    ['completed', 'payment_started', false],
    ['completed', 'completed', false],
  ];
  it.each(table)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canMoveCart(from, to)).toBe(allowed);
  });

  it('lets a paid cart never reopen nor start another payment', () => {
    expect(cartStatusesBefore('open')).toEqual(['payment_started']);
    expect(cartStatusesBefore('payment_started')).toEqual(['open']);
    expect(cartStatusesBefore('completed')).toEqual(['open', 'payment_started']);
  });
});
