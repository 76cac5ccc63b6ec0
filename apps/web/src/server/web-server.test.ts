/**
 * The web app's own HTTP server around Next (issues 28 and 29): methods Next cannot take and
 * bodies over the api's limit are refused before Next buffers anything. A handler that reads
 * whole bodies into memory, as Next's proxy does before it forwards one, stands in for Next.
 */
import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTrust } from './client-address.mjs';
import { answerWithStatus } from './page-status.mjs';
import { createWebServer } from './web-server.mjs';

/** The api's own limit (Fastify's default), which the web app keeps too. */
const MIB = 1024 * 1024;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

/** The bodies the handler held, and how many requests reached it. */
const seen = { requests: 0, bytes: [] as number[] };

type Handler = Parameters<typeof createWebServer>[0];

async function start(handler?: Handler): Promise<number> {
  seen.requests = 0;
  seen.bytes = [];
  server = createWebServer(
    handler ??
      ((req, res) => {
        seen.requests += 1;
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('error', () => seen.bytes.push(Buffer.concat(chunks).length));
        req.on('end', () => {
          seen.bytes.push(Buffer.concat(chunks).length);
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        });
        return Promise.resolve();
      }),
    { trust: compileTrust(undefined) },
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * Sends `size` bytes in 64 KiB chunks, declared (content-length) or chunked, and stops writing
 * once an answer arrives, as a browser or curl does.
 */
function send(
  port: number,
  options: { method?: string; path?: string; size?: number; chunked?: boolean } = {},
): Promise<Answer> {
  const { method = 'POST', path = '/api/carts/', size = 0, chunked = false } = options;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': size }),
        },
      },
      (res) => {
        answered = true;
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    // Writes after the server answered and closed are expected to fail.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent < size && !answered) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe('request bodies', () => {
  it('takes a body within the limit whole', async () => {
    const port = await start();
    const answer = await send(port, { size: 900 * 1024 });
    expect(answer.status).toBe(200);
    expect(seen.bytes).toEqual([900 * 1024]);
  });

  it('refuses a body declared over 1 MiB with 413 before Next reads a byte of it', async () => {
    const port = await start();
    const answer = await send(port, { size: 11 * MIB });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(seen.requests).toBe(0);
  });

  it('cuts a chunked body off at 1 MiB with 413: Next never sees it', async () => {
    const port = await start();
    const answer = await send(port, { size: 11 * MIB, chunked: true });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(seen.requests).toBe(0);
  });

  it('tells a client that asks first (Expect: 100-continue) 413 before it sends the body', async () => {
    const port = await start();
    const answer = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/carts/',
        headers: { 'content-length': 11 * MIB, expect: '100-continue' },
      });
      req.on('continue', () => reject(new Error('told to send the body')));
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer).toBe(413);
  });

  it('takes a chunked body within the limit whole', async () => {
    const port = await start();
    const answer = await send(port, { size: 300 * 1024, chunked: true });
    expect(answer.status).toBe(200);
    expect(seen.bytes).toEqual([300 * 1024]);
  });
});

describe('methods', () => {
  it('answers TRACE with 405 on pages and forwarded paths alike', async () => {
    const port = await start();
    for (const path of ['/payment/', '/api/health/', '/otel-collector/v1/traces']) {
      const answer = await send(port, { method: 'TRACE', path });
      expect(answer.status, path).toBe(405);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
    }
    expect(seen.requests).toBe(0);
  });

  it.each(['PUT', 'DELETE', 'PROPFIND', 'OPTIONS'])(
    'answers %s on a page with 405 and the methods pages take',
    async (method) => {
      const port = await start();
      const answer = await send(port, { method, path: '/de/payment/' });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST');
    },
  );

  it("leaves the methods of the api and of the web app's own handlers to them", async () => {
    const port = await start();
    for (const path of ['/api/carts/1/', '/graphql', '/oidc/token', '/otel-collector/v1/traces']) {
      expect((await send(port, { method: 'DELETE', path })).status, path).toBe(200);
    }
  });
});

describe("a page's own status", () => {
  it('replaces the 200 Next answers with, however late in the render the page names it', async () => {
    const port = await start(async (req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (req.url?.startsWith('/payment/')) answerWithStatus(503);
      await new Promise((resolve) => setImmediate(resolve));
      res.statusCode = 200;
      res.end('<p>error screen</p>');
    });
    const [outage, other] = await Promise.all([
      send(port, { method: 'GET', path: '/payment/' }),
      send(port, { method: 'GET', path: '/products/' }),
    ]);
    expect(outage.status).toBe(503);
    // One request's status never leaks into another's.
    expect(other.status).toBe(200);
  });
});

describe('idle connections', () => {
  /** Sends `GET /` on the socket and resolves with the answer's status line. */
  const ask = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('data', (chunk: Buffer) => resolve(chunk.toString().split('\r\n')[0] ?? ''));
      socket.once('error', reject);
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    });

  it('keeps an idle keep-alive connection past Node’s 5 s (and its 1 s buffer), so a client reusing it is answered', async () => {
    // A load balancer keeps idle connections to its targets open (AWS's ALB 60 s): a server that
    // closes one first races the balancer's next request on it, which gets a reset (502), as
    // Playwright's client got ECONNRESET in CI after a pause between two console requests.
    const port = await start();
    const socket = connect(port, '127.0.0.1');
    let closed = false;
    socket.on('close', () => (closed = true));
    expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(closed).toBe(false);
    expect(await ask(socket)).toBe('HTTP/1.1 200 OK');
    socket.destroy();
    expect(server?.keepAliveTimeout).toBeGreaterThan(60_000);
  }, 15_000);
});
