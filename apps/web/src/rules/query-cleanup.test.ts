import { describe, expect, it } from 'vitest';
import { cleanQuery, sensitiveFree, withTracking, type CleanupContext } from './query-cleanup';
import { malformedParams } from './query-params';

const clean = (query: string, context: Omit<CleanupContext, 'malformed'>) => {
  const params = new URLSearchParams(query);
  return cleanQuery(params, { ...context, malformed: malformedParams(params) }).toString();
};

describe('query clean-up (spec §4)', () => {
  it.each([
    [
      'payment with a cart drops product and persist_countdown',
      'cart_id=0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b&product=vpn-basic-1y&persist_countdown=1&qa=x',
      { page: 'payment' },
      'cart_id=0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b',
    ],
    [
      'payment without a cart keeps the product',
      'product=vpn-basic-1y&persist_countdown=1',
      { page: 'payment' },
      'product=vpn-basic-1y&persist_countdown=1',
    ],
    [
      'payment keeps an error with hide_error',
      'error=declined&hide_error=1',
      { page: 'payment' },
      'error=declined&hide_error=1',
    ],
    [
      'hide_error without an error goes',
      'hide_error=1&product_group=vpn',
      { page: 'payment' },
      'product_group=vpn',
    ],
    [
      'success drops provider, currency, error, product, period, coupon and session id',
      'provider=paypal&currency=EUR&error=x&hide_error=1&product=p&product_period=1y&coupon=C&amazonCheckoutSessionId=s&cart_id=0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b',
      { page: 'success' },
      'cart_id=0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b',
    ],
    [
      'success reached from the payment page also drops cart and confirm_email',
      'cart_id=0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b&confirm_email=1&product_group=vpn',
      { page: 'success', previousPage: 'payment' },
      'product_group=vpn',
    ],
    [
      'success reloaded keeps the cart',
      'cart_id=0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b&confirm_email=1',
      { page: 'success', previousPage: 'success' },
      'cart_id=0b9c8a3e-5d7f-4c1e-9a2b-3c4d5e6f7a8b&confirm_email=1',
    ],
    [
      'other pages drop error and hide_error',
      'error=x&hide_error=1&product_group=pass',
      { page: 'other' },
      'product_group=pass',
    ],
    ['the qa id always goes', 'qa=tester&ff=coupon%3Aoff', { page: 'other' }, 'ff=coupon%3Aoff'],
    [
      'an error is hidden once the route changes',
      'error=declined',
      { page: 'payment', routeChanged: true },
      '',
    ],
  ] as const)('%s', (_label, query, context, expected) => {
    expect(clean(query, context)).toBe(expected);
  });

  it('appends stored tracking parameters to outgoing URLs, without overriding', () => {
    expect(withTracking('/payment/?a=1', { nv_tri: 't1', nv_trs: 's1' })).toBe(
      '/payment/?a=1&nv_tri=t1&nv_trs=s1',
    );
    expect(withTracking('https://x.example/p?nv_tri=keep', { nv_tri: 't1' })).toBe(
      'https://x.example/p?nv_tri=keep',
    );
  });

  it('compares addresses without their tokens and e-mail, which the page data never repeats', () => {
    const given = new URLSearchParams(
      'product_group=vpn&code=c&state=s&exchange_token=t&trusted_pass_token=p&email=a%40b.example',
    );
    expect(sensitiveFree(given)).toBe('product_group=vpn');
    expect(given.get('code')).toBe('c');
  });
});
