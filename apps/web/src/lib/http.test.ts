import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildUrl, request } from './http';

const valueAnswer = z.object({ value: z.number() });

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('HTTP helper', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const routes: Record<string, [number, string]> = {
          '/ok/': [200, '{"value":42}'],
          '/empty/': [204, ''],
          '/missing/': [404, '{"error":{"code":"not_found"}}'],
          '/broken/': [503, 'upstream down'],
          '/graphql-error/': [200, '{"data":null,"errors":[{"message":"no"}]}'],
        };
        const [status, text] = routes[(req.url ?? '').split('?')[0] ?? ''] ?? [500, ''];
        res.writeHead(status, { 'content-type': 'application/json' }).end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('GETs by default, prefixes the base URL and adds query parameters', async () => {
    const result = await request('/ok/', {
      answer: valueAnswer,
      baseUrl: base,
      query: { a: 1, b: null },
    });
    expect(result).toEqual({ data: { value: 42 }, error: null });
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/ok/?a=1' });
  });

  it('sends JSON bodies with a JSON content type and forwards token, experiment, address and user agent', async () => {
    await request('/ok/', {
      baseUrl: base,
      method: 'POST',
      body: { email: 'a@example.com' },
      server: {
        token: 'tok-1',
        experiment: 'exp-7',
        clientAddress: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (Shopper)',
      },
    });
    const last = seen.at(-1);
    expect(last?.body).toBe('{"email":"a@example.com"}');
    expect(last?.headers['content-type']).toBe('application/json');
    expect(last?.headers['x-user-token']).toBe('tok-1');
    expect(last?.headers['x-experiment']).toBe('exp-7');
    expect(last?.headers['x-forwarded-for']).toBe('203.0.113.7');
    // Spec §3's forwarded user agent: the api sees the shopper's browser, not undici.
    expect(last?.headers['x-forwarded-user-agent']).toBe('Mozilla/5.0 (Shopper)');
  });

  it('forwards the cart binding as the only cookie, and drops a malformed one', async () => {
    const binding = 'b'.repeat(43);
    await request('/ok/', { baseUrl: base, server: { cartBinding: binding } });
    expect(seen.at(-1)?.headers.cookie).toBe(`cart_binding=${binding}`);
    await request('/ok/', { baseUrl: base, server: { cartBinding: 'x; token=stolen' } });
    expect(seen.at(-1)?.headers.cookie).toBeUndefined();
  });

  it("turns an answer that does not match the call's schema into a request error", async () => {
    const { data, error } = await request('/ok/', {
      answer: z.object({ value: z.string() }),
      baseUrl: base,
    });
    expect(data).toBeNull();
    expect(error?.message).toBe(`GET ${base}/ok/ 200`);
    expect(error?.statusText).toBe('unexpected answer');
    expect(error?.data).toEqual({ value: 42 });
  });

  it('checks the answer with a schema it loads while the call is on its way', async () => {
    let loaded = false;
    const answer = () => {
      loaded = true;
      return Promise.resolve(valueAnswer);
    };
    const pending = request('/ok/', { answer, baseUrl: base });
    expect(loaded).toBe(true);
    expect(await pending).toEqual({ data: { value: 42 }, error: null });
  });

  it('reports a schema that cannot be loaded as a network error', async () => {
    const answer = () => Promise.reject(new Error('chunk failed to load'));
    const { data, error } = await request('/ok/', { answer, baseUrl: base });
    expect(data).toBeNull();
    expect(error?.isNetworkError).toBe(true);
  });

  it('treats 204 as success without data', async () => {
    expect(await request('/empty/', { baseUrl: base })).toEqual({ data: null, error: null });
  });

  it("turns a 404 into a request error named 'method url status'", async () => {
    const { error } = await request('/missing/', { baseUrl: base });
    expect(error?.message).toBe(`GET ${base}/missing/ 404`);
    expect(error?.status).toBe(404);
    expect(error?.data).toEqual({ error: { code: 'not_found' } });
  });

  it('turns a 2xx body carrying errors into a request error', async () => {
    const { error } = await request('/graphql-error/', { baseUrl: base, method: 'POST', body: {} });
    expect(error?.message).toBe(`POST ${base}/graphql-error/ 200`);
  });

  it('reports an unreachable server as a network error (status 0)', async () => {
    const { error } = await request('http://127.0.0.1:1/nowhere/');
    expect(error?.isNetworkError).toBe(true);
    expect(error?.message).toBe('GET http://127.0.0.1:1/nowhere/ 0');
  });

  it('keeps relative URLs relative when there is no base URL', () => {
    expect(buildUrl('/api/x/', undefined, { q: 'a b' })).toBe('/api/x/?q=a+b');
    expect(buildUrl('https://h.example/p', 'http://ignored', {})).toBe('https://h.example/p');
  });
});
