import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hideInternalHeaders } from './internal-headers.mjs';

let server: Server | undefined;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

function headersFrom(
  handler: Parameters<typeof createServer>[1],
): Promise<Record<string, unknown>> {
  server = createServer((req, res) => handler?.(req, hideInternalHeaders(res)));
  return new Promise((resolve, reject) => {
    server?.listen(0, '127.0.0.1', () => {
      const { port } = server?.address() as AddressInfo;
      request({ port, host: '127.0.0.1' }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end();
    });
  });
}

describe('internal headers', () => {
  it('never leave the web app, however they are set', async () => {
    const headers = await headersFrom((_req, res) => {
      res.setHeader('x-middleware-rewrite', 'http://127.0.0.1:4000/api/health/');
      res.appendHeader('x-middleware-next', '1');
      res.setHeader('content-type', 'text/plain');
      res.writeHead(200, { 'x-middleware-refresh': '1', 'cache-control': 'no-store' });
      res.end('ok');
    });
    expect(Object.keys(headers).filter((name) => name.startsWith('x-middleware-'))).toEqual([]);
    expect(headers['content-type']).toBe('text/plain');
    expect(headers['cache-control']).toBe('no-store');
  });
});
