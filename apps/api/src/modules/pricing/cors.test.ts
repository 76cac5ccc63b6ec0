import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';

const CHECKOUT = 'https://checkout.example';
const PARTNER = 'https://partner.example';

describe('/graphql across origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: CHECKOUT, ALLOWED_REDIRECT_ORIGINS: PARTNER });
  });
  afterAll(() => t.close());

  /** A GET: another site's page may send one with the visitor's cookies (no CSRF check). */
  const query = (origin: string, currencyCode: string) =>
    t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(
        `{ getPackagePlans(currencyCode: "${currencyCode}", packageId: "vpn-default") { identifier } }`,
      )}`,
      headers: { origin },
    });
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('lets no other site read its answers with the visitor’s cookies', async () => {
    for (const origin of ['https://evil.example', 'null', `${CHECKOUT}.evil.example`]) {
      const answer = await query(origin, 'USD');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      const asked = await preflight(origin);
      expect(asked.headers['access-control-allow-origin']).toBeUndefined();
      expect(asked.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('lets the checkout and the allowed origins read it, cached answers too', async () => {
    for (const origin of [CHECKOUT, PARTNER]) {
      for (const pass of ['fresh', 'cached']) {
        const answer = await query(origin, 'EUR');
        expect(answer.headers['access-control-allow-origin'], `${origin} ${pass}`).toBe(origin);
        expect(answer.headers['access-control-allow-credentials']).toBe('true');
        expect(answer.headers.vary).toMatch(/\bOrigin\b/i);
      }
      const asked = await preflight(origin);
      expect(asked.statusCode).toBe(204);
      expect(asked.headers['access-control-allow-origin']).toBe(origin);
      expect(asked.headers['access-control-allow-methods']).toMatch(/POST/);
    }
  });
});
