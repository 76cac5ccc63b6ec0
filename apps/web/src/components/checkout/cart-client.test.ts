import { describe, expect, it } from 'vitest';
import { RequestError } from '../../lib/request-error';
import { cartFailure } from './cart-client';

const refusal = (error: unknown) =>
  new RequestError({
    method: 'PATCH',
    url: '/api/carts/1/',
    endpointPattern: '/api/carts/:id/',
    status: 400,
    statusText: 'Bad Request',
    headers: {},
    data: { error },
  });

describe('what a refused coupon tells the coupon field', () => {
  it.each(['invalid', 'not_redeemable', 'better_deal_available', 'already_used'] as const)(
    'reads the reason %s from its own field',
    (reason) => {
      const failure = cartFailure(
        refusal({ code: 2012, reason, issues: [{ path: 'coupon', message: 'not available' }] }),
      );
      expect(failure).toEqual({ kind: 'coupon', reason });
    },
  );

  it('says "invalid" for a reason it does not know, never an unknown word', () => {
    expect(cartFailure(refusal({ code: 2012, reason: '<script>' }))).toEqual({
      kind: 'coupon',
      reason: 'invalid',
    });
  });
});
