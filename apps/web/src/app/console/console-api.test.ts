import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consoleCall } from './console-api';
import { consoleAnswer } from './console-answers';

const order = {
  id: '6f1c2a55-3c0e-4d8e-9a51-2b9f0c7d1e42',
  status: 'paid',
  emailMasked: 'a***@example.com',
  country: 'DE',
  currency: 'EUR',
  totalMinor: 2499,
  provider: 'sandbox',
  createdAt: '2026-11-27T08:00:00.000Z',
  paymentId: null,
  refundedMinor: 0,
  timeline: [{ at: '2026-11-27T08:00:01.000Z', kind: 'status', text: 'pending → paid' }],
};

/** What the console's api answers here, by path: [status, body]. */
const answers: Record<string, [number, unknown]> = {
  '/api/console/orders/good/': [200, order],
  // PostgreSQL's bigint read as text, and a timeline that is not a list.
  '/api/console/orders/malformed/': [200, { ...order, totalMinor: '2499', timeline: 'none' }],
  '/api/console/orders/refused/': [403, { error: { code: 'forbidden', message: 'No.' } }],
};

describe("the console's api client", () => {
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const [status, body] = answers[req.url ?? ''] ?? [404, { error: { code: 'not_found' } }];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The page's own origin, as a browser resolves the console's same-origin paths.
    const send = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      send(new URL(input, origin), init),
    );
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const detail = consoleAnswer((s) => s.consoleOrderDetailSchema);

  it('hands over an answer that matches the contract', async () => {
    const res = await consoleCall('orders/good/', { answer: detail });
    expect(res).toEqual({ ok: true, data: order });
  });

  it('refuses an answer that does not match the contract, with a code the screen shows', async () => {
    const res = await consoleCall('orders/malformed/', { answer: detail });
    expect(res).toEqual({ ok: false, code: 'unexpected_answer' });
  });

  it("reads a refusal's code from its envelope", async () => {
    const res = await consoleCall('orders/refused/', { answer: detail });
    expect(res).toEqual({ ok: false, code: 'forbidden' });
  });
});
