/**
 * The web app's own HTTP server around Next, against the production build (issues 28 and 29):
 * what Next cannot take is refused with a 4xx, a node bound to a loopback address serves its
 * pages, and the error screen of an api outage says so in its status.
 */
import { expect, test } from '@playwright/test';
import { freePort, startOwnWebNode } from './own-checkout';

test('TRACE answers 405 on pages and on forwarded paths, never a 500', async ({ request }) => {
  for (const path of ['/payment/', '/api/health/', '/otel-collector/v1/traces']) {
    const response = await request.fetch(path, { method: 'TRACE' });
    expect(response.status(), path).toBe(405);
    expect(await response.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  }
});

test('a body over the api limit is refused with 413, never a 500', async () => {
  // Over Next's own 10 MB buffer too, where its proxy failed with a 500.
  const response = await fetch(new URL('/api/carts/', test.info().project.use.baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: 'a'.repeat(11 * 1024 * 1024),
  });
  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
});

test.describe('a second web node', () => {
  test.describe.configure({ timeout: 90_000 });

  test('bound to 127.0.0.1 (WEB_HOST), it serves its pages instead of redirecting them to themselves', async () => {
    const node = await startOwnWebNode({ WEB_HOST: '127.0.0.1' });
    try {
      for (const path of ['/', '/payment/?product_group=vpn', '/de/payment/']) {
        const response = await fetch(`${node.baseUrl}${path}`, { redirect: 'manual' });
        expect(`${path} ${response.status} ${response.headers.get('location') ?? ''}`).toBe(
          `${path} 200 `,
        );
      }
      // The English prefix still leads to the unprefixed address, once.
      const english = await fetch(`${node.baseUrl}/en/payment/`, { redirect: 'manual' });
      expect(english.status).toBe(307);
      expect(new URL(english.headers.get('location') ?? '', node.baseUrl).pathname).toBe(
        '/payment/',
      );
    } finally {
      await node.stop();
    }
  });

  test('whose api is down answers the error screen with 503', async () => {
    const node = await startOwnWebNode({ API_URL: `http://127.0.0.1:${await freePort()}` });
    try {
      for (const path of ['/payment/?product_group=vpn', '/products/?product_group=vpn']) {
        const response = await fetch(`${node.baseUrl}${path}`);
        expect(response.status, path).toBe(503);
        expect(await response.text()).toContain('data-error-status="503"');
      }
    } finally {
      await node.stop();
    }
  });
});
