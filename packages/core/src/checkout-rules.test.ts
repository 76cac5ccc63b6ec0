import { describe, expect, it } from 'vitest';
import { addressLayoutFor, DEFAULT_ADDRESS_COUNTRY } from './address';
import { resolveRegion } from './regions';
import { mailboxOf, validateEmail } from './email';

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
