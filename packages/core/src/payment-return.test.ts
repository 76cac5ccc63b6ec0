import { describe, expect, it } from 'vitest';
import {
  isPaymentReturnPath,
  keptReturnParams,
  paymentReturnPath,
  withOrderId,
} from './payment-return';
import { paymentRequestSchema } from './orders';

const params = (search: string) => new URLSearchParams(search);
const PAGE = 'product_group=pass&coupon=SAVE&cart_id=x&package_identifier=pass-family&qa=t';

describe('the return address of a payment', () => {
  it.each([
    ['de', PAGE, false, '/de/processing/?product_group=pass&package_identifier=pass-family'],
    ['ar', 'product_group=vpn', false, '/ar/processing/?product_group=vpn'],
    [
      'en',
      'product_group=vpn&bundle_type=bundle',
      false,
      '/processing/?product_group=vpn&bundle_type=bundle',
    ],
    ['en', '', false, '/processing/'],
    ['ja', 'product_group=pass', true, '/api/processing/iframe/?locale=ja&product_group=pass'],
    ['en', '', true, '/api/processing/iframe/'],
  ])('from a %s page with ?%s (dialog: %s) is %s', (locale, search, inModal, expected) => {
    expect(paymentReturnPath(locale, params(search), inModal)).toBe(expected);
  });

  it('keeps only the parameters the product and its brand are chosen by', () => {
    expect(keptReturnParams(params(PAGE))).toEqual({
      product_group: 'pass',
      package_identifier: 'pass-family',
    });
  });

  it('puts the order first, before the kept parameters', () => {
    const id = '0b8a4c1e-0000-4000-8000-000000000000';
    expect(withOrderId('/de/processing/?product_group=pass', id)).toBe(
      `/de/processing/?order_id=${id}&product_group=pass`,
    );
    expect(withOrderId('/processing/', id)).toBe(`/processing/?order_id=${id}`);
  });
});

describe('a return path the api accepts', () => {
  it.each([
    '/processing/',
    '/de/processing/',
    '/zh-tw/processing/?product_group=vpn',
    '/he/processing/?product_group=pass&product_filters=storage%3A1TB',
    '/api/processing/iframe/',
    '/api/processing/iframe/?locale=ar&product_group=vpn',
  ])('accepts %s', (path) => {
    expect(isPaymentReturnPath(path)).toBe(true);
    const request = { cartId: crypto.randomUUID(), provider: 'paypal', returnPath: path };
    expect(paymentRequestSchema.safeParse(request).success).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example/processing/'],
    ['a protocol-relative address', '//evil.example/processing/'],
    ['a backslash address', '/\\evil.example/processing/'],
    ['a language the checkout lacks', '/ro/processing/'],
    ['another page', '/de/payment/'],
    ['a path below the page', '/de/processing/x/'],
    ['a parameter that is not kept', '/processing/?redirect_uri=https%3A%2F%2Fevil.example'],
    ['a kept parameter twice', '/processing/?product_group=vpn&product_group=pass'],
    ['a language parameter on the page itself', '/de/processing/?locale=de'],
    ['an unknown language for the dialog', '/api/processing/iframe/?locale=xx'],
    ['a fragment', '/processing/#order'],
    ['a space', '/processing/?product_group=v pn'],
    ['an overlong path', `/processing/?product_filters=${'a'.repeat(1100)}`],
  ])('refuses %s', (_, path) => {
    expect(isPaymentReturnPath(path)).toBe(false);
    const request = { cartId: crypto.randomUUID(), provider: 'paypal', returnPath: path };
    expect(paymentRequestSchema.safeParse(request).success).toBe(false);
  });
});
