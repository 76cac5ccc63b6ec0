/**
 * Rate limits are keyed on the client's address: a client must not pick its own bucket by
 * sending X-Forwarded-For through the web app. The shared suite runs with a huge login limit,
 * so this spec starts its own checkout (web + api, the same start script) with a small one.
 */
import { expect, test } from '@playwright/test';
import { startOwnCheckout, type OwnCheckout } from './own-checkout';

const LOGIN_LIMIT = 5;
const ATTEMPTS = 60;

test.describe('client address', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let checkout: OwnCheckout | undefined;
  let baseUrl = '';

  test.beforeAll(async () => {
    // Starting a second checkout beside the suite's own takes a while on a busy machine.
    test.setTimeout(120_000);
    checkout = await startOwnCheckout({ LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT) });
    baseUrl = checkout.baseUrl;
  });

  test.afterAll(async () => {
    await checkout?.stop();
  });

  test('forged X-Forwarded-For addresses do not escape the login rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const res = await fetch(`${baseUrl}/api/users/auth/login/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i + 1}`,
          'x-real-ip': `198.51.100.${i + 1}`,
        },
        body: '{}',
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    // The first few logins start normally; the rest are refused as one client.
    expect(statuses.slice(0, LOGIN_LIMIT)).toEqual(Array<number>(LOGIN_LIMIT).fill(200));
    expect(statuses.filter((status) => status === 429)).toHaveLength(ATTEMPTS - LOGIN_LIMIT);
  });
});
