import { describe, expect, it } from 'vitest';
import { addressLayoutFor, DEFAULT_ADDRESS_COUNTRY } from './address';
import { resolveRegion } from './regions';
import { countdownState, remainingTime } from './countdown';
import { countdownStorageKey } from './storage-keys';
import { mailboxOf, validateEmail } from './email';
import { cleanQuery, withTracking, type CleanupContext } from './query-cleanup';

const clean = (query: string, context: CleanupContext) =>
  cleanQuery(new URLSearchParams(query), context).toString();

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
});

describe('address layouts', () => {
  it.each([
    ['US', 'state_with_postal'],
    ['CA', 'state'],
    ['AE', 'state'],
    ['DE', 'default'],
    ['JP', 'default'],
  ] as const)('%s uses the %s layout', (country, layout) => {
    expect(addressLayoutFor(country)).toBe(layout);
  });

  it('defaults to the US and to each country’s default region', () => {
    expect(DEFAULT_ADDRESS_COUNTRY).toBe('US');
    expect(resolveRegion('US', undefined)).toBe('US-CA');
    expect(resolveRegion('CA', 'US-NY')).toBe('CA-AB');
    expect(resolveRegion('AE', null)).toBe('AE-AZ');
    expect(resolveRegion('CA', 'CA-QC')).toBe('CA-QC');
    expect(resolveRegion('DE', 'DE-BY')).toBeUndefined();
  });
});

describe('countdown', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it.each([
    [0, 'active'],
    [now, 'active'],
    [now + 1, 'active'],
    [now - 1, 'inactive'],
  ] as const)('end time %i is %s', (end, state) => {
    expect(countdownState(end, now)).toBe(state);
  });

  it('splits the remaining time and never goes negative', () => {
    expect(remainingTime(now + 90_061_000, now)).toEqual({
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 1,
    });
    expect(remainingTime(now - 5000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownStorageKey('vpn')).toBe('countdown_vpn');
  });
});

describe('e-mail validation', () => {
  const blocked = (domain: string) => domain === 'mailinator.com';
  it.each([
    ['', 'cannot-be-empty'],
    ['   ', 'cannot-be-empty'],
    ['anna', 'invalid'],
    ['anna@', 'invalid'],
    ['anna@localhost', 'invalid'],
    ['anna@@example.com', 'invalid'],
    ['anna @example.com', 'invalid'],
    ['anna@mailinator.com', 'blacklisted'],
    ['Anna.Smith+vpn@Example.co.uk ', null],
  ] as const)('%j → %s', (email, problem) => {
    expect(validateEmail(email, blocked)).toBe(problem);
  });
});

describe('the mailbox an address delivers to (once-per-address rules)', () => {
  it.each([
    ['Anna.Smith@Gmail.com', 'annasmith@gmail.com'],
    ['anna.smith+vpn@gmail.com', 'annasmith@gmail.com'],
    ['a.n.n.a.s.m.i.t.h@googlemail.com', 'annasmith@gmail.com'],
    [' AnnaSmith+1+2@GoogleMail.com ', 'annasmith@gmail.com'],
    ['anna.smith+vpn@outlook.com', 'anna.smith@outlook.com'],
    ['anna+vpn@hotmail.com', 'anna@hotmail.com'],
    ['anna+vpn@icloud.com', 'anna@icloud.com'],
    ['anna+vpn@proton.me', 'anna@proton.me'],
    ['anna+vpn@fastmail.com', 'anna@fastmail.com'],
    // Elsewhere dots and plus signs may name other mailboxes: the address stays as it is.
    ['anna.smith+vpn@example.org', 'anna.smith+vpn@example.org'],
    ['anna-vpn@yahoo.com', 'anna-vpn@yahoo.com'],
  ])('%j is the mailbox %j', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });
});
