import { describe, expect, it } from 'vitest';
import { isPaymentTarget } from './payment-targets';

const SANDBOX_PAGE =
  '/api/sandbox/checkout/0b6f1a52-57a4-4c36-9d0b-2d1f0a1e7c11/?return=%2Fprocessing%2F';

describe('redirect_post targets', () => {
  const configured = { sandbox: false, providerOrigins: ['https://pay.example.com'] };
  const table: [string, { sandbox: boolean; providerOrigins: string[] }, boolean][] = [
    [SANDBOX_PAGE, { sandbox: true, providerOrigins: [] }, true],
    // Production with the sandbox off: its pages are no target.
    [SANDBOX_PAGE, configured, false],
    ['https://pay.example.com/hpp/start?ref=1', configured, true],
    ['https://pay.example.com.evil.test/hpp', configured, false],
    ['http://pay.example.com/hpp', configured, false],
    ['https://user:pw@pay.example.com/hpp', configured, false],
    ['https://evil.test/', configured, false],
    ['//evil.test/', configured, false],
    ['javascript:alert(1)', configured, false],
    ['/api/sandbox/checkout/not-an-id/', { sandbox: true, providerOrigins: [] }, false],
  ];
  it.each(table)('%s with %j: %s', (to, allowed, expected) => {
    expect(isPaymentTarget(to, allowed)).toBe(expected);
  });
});
