import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, shouldStartLogin } from './login';

const OWN = 'https://checkout.example';

describe('safeRedirectTarget', () => {
  it.each([
    ['/payment/?product_group=vpn', `${OWN}/payment/?product_group=vpn`],
    [`${OWN}/dashboard/`, `${OWN}/dashboard/`],
    ['https://account.example/x', 'https://account.example/x'],
  ])('accepts %s', (target, expected) => {
    expect(safeRedirectTarget(target, OWN, ['https://account.example'])).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    `https://user:pass@checkout.example/`,
    'https://checkout.example.evil.example/',
    '',
    null,
  ])('refuses %s', (target) => {
    expect(safeRedirectTarget(target, OWN, ['https://account.example'])).toBeNull();
  });
});

describe('shouldStartLogin', () => {
  const params = (query: string) => new URLSearchParams(query);
  it('starts on force_login without a user, and on a trusted pass token always', () => {
    expect(shouldStartLogin(params('force_login=1'), false)).toBe(true);
    expect(shouldStartLogin(params('force_login=1'), true)).toBe(false);
    expect(shouldStartLogin(params('force_login=0'), false)).toBe(false);
    expect(shouldStartLogin(params('trusted_pass_token=abc'), true)).toBe(true);
    expect(shouldStartLogin(params('product_group=vpn'), false)).toBe(false);
  });
});
