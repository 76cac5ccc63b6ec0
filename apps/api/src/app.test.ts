import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

describe('api shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '5' });
  });
  afterAll(() => t.close());

  it('reports healthy once migrations ran on the embedded database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('answers an unknown route with a 404 and a machine-readable code, not a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(res.body).not.toContain('at ');
  });

  it('answers malformed JSON with a 400 validation code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('validation_failed');
  });

  it('answers 429 with the rate_limited code once a client exceeds the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health/',
        remoteAddress: '10.0.0.9',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.json()).toMatchObject({ error: { code: 'rate_limited' } });
    }
    expect(statuses).toContain(429);
  });

  it('takes any number of provider notifications from one address: a signature, not a limit, guards them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/callback/',
        remoteAddress: '10.0.0.10',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ id: `evt-${i}`, paymentId: 'x', status: 'paid' }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).not.toContain(429);
    expect(new Set(statuses)).toEqual(new Set([401]));
  });

  it('limits each visitor separately when the web app forwards their address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health/',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
