import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { $ZodType } from 'zod/v4/core';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test-app';
import { registerErrorHandling } from './errors';
import { registeredRoutes, requiredParts, requireRouteSchemas } from './route-schemas';

describe('validation at the route', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The sandbox gateway and the built-in identity provider on: every route the api can serve.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every route declares a zod schema for its path parameters and its query or body', () => {
    const routes = registeredRoutes(t.app);
    // The api's surface as of this test: carts, orders, payments, users, identity, sandbox, …
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = routes
      .filter((route) => route.validatedBy === undefined)
      .flatMap((route) =>
        requiredParts(route.method, route.url)
          .filter((part) => !(route.schema[part] instanceof $ZodType))
          .map((part) => `${route.method} ${route.url} ${part}`),
      );
    expect(undeclared).toEqual([]);
    // Only the OIDC endpoints hand their raw request to a library that checks it itself.
    const elsewhere = routes.filter((route) => route.validatedBy !== undefined);
    expect(new Set(elsewhere.map((route) => route.url))).toEqual(new Set(['/oidc', '/oidc/*']));
  });

  it('refuses to start with a route that declares no schema', async () => {
    const app = Fastify();
    requireRouteSchemas(app);
    expect(() => app.post('/api/new/', () => 'created')).toThrow(
      'POST /api/new/ declares no schema for its body',
    );
    expect(() =>
      app.get('/api/new/:id/', { schema: { querystring: z.object({}) } }, () => 'found'),
    ).toThrow('GET /api/new/:id/ declares no schema for its params');
    await app.close();
  });

  it("answers a refused body with the api's error shape and code, not Fastify's default", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carts/',
      payload: { mainPlan: 42, currency: 'EUR', country: 'DE' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: { code: string; issues: { path: string }[] } }>();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues.map((issue) => issue.path)).toContain('mainPlan');
    expect(res.body).not.toContain('FST_ERR_VALIDATION');
  });

  it('answers a refused query or path parameter with 400 validation_failed', async () => {
    const taxes = await t.app.inject({ url: '/api/payments/taxes/?country=DE&amount=lots' });
    expect(taxes.statusCode).toBe(400);
    expect(taxes.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
    const twice = await t.app.inject({
      url: '/api/payments/providers/regular/?cart_id=a&cart_id=b',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });

  it('a schema refusal inside a route scope of its own is answered the same way', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    requireRouteSchemas(app);
    app.get(
      '/api/n/',
      { schema: { querystring: z.object({ n: z.coerce.number().int() }) } },
      () => 'ok',
    );
    const res = await app.inject({ url: '/api/n/?n=x' });
    expect(res.statusCode).toBe(400);
    const { error } = res.json<{ error: { code: string; message: string; issues: unknown[] } }>();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('The request is not valid.');
    expect(error.issues).toEqual([
      { path: 'n', message: 'Invalid input: expected number, received NaN' },
    ]);
    await app.close();
  });
});
