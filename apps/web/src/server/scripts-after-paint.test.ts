/**
 * The page's chunks start after the first paint (issue 34): Next's `<script src async>` tags
 * and chunk preloads give way to a nonced loader, however the HTML is cut into writes; other
 * answers pass through byte for byte. e2e/page-payload.spec.ts checks the loader in Chromium.
 */
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTrust } from './client-address.mjs';
import {
  deferredSources,
  deferScriptsToFirstPaint,
  rewriteBody,
  rewriteHead,
} from './scripts-after-paint.mjs';
import { createWebServer } from './web-server.mjs';

const NONCE = 'n0nce+/==';
const chunk = (name: string) => `/_next/static/chunks/${name}.js`;

/** A document as Next writes it: chunks in the head, the bootstrap chunk in the body. */
const PAGE = [
  '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${NONCE}" data-precedence="next"/>`,
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="${chunk('main')}"/>`,
  `<script src="${chunk('runtime')}" async="" nonce="${NONCE}"></script>`,
  `<script src="${chunk('react-dom')}" async="" nonce="${NONCE}"></script>`,
  `<title>Zahlungsübersicht — 支払い</title>`,
  `<script src="${chunk('polyfills')}" noModule="" nonce="${NONCE}"></script>`,
  '</head><body><p>Bestellübersicht ✓</p>',
  `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script>`,
  `<script src="${chunk('main')}" nonce="${NONCE}" async=""></script>`,
  '<script src="https://elsewhere.example/x.js" async=""></script>',
  '</body></html>',
].join('');

const expected = (() => {
  const at = PAGE.indexOf('</head>');
  return rewriteHead(PAGE.slice(0, at)).head + rewriteBody(PAGE.slice(at));
})();

describe('rewriteHead', () => {
  it("takes the head's chunks and Next's preload of the bootstrap chunk out, for one nonced loader", () => {
    const head = PAGE.slice(0, PAGE.indexOf('</head>'));
    const { head: rewritten, deferring } = rewriteHead(head);
    expect(deferring).toBe(true);
    // Nothing fetches a chunk before the paint: no script tag, no preload.
    expect(rewritten).not.toMatch(/(src|href)="\/_next\/static\/chunks\/(runtime|react-dom|main)/);
    // The nomodule polyfills, the stylesheets and the title stay as they were.
    expect(rewritten).toContain(`<script src="${chunk('polyfills')}" noModule=""`);
    expect(rewritten).toContain(`<link rel="stylesheet" href="/_next/static/chunks/a.css"`);
    expect(rewritten).toContain('<title>Zahlungsübersicht — 支払い</title>');
    const loader = rewritten.slice(rewritten.lastIndexOf('<script'));
    expect(loader.startsWith(`<script nonce="${NONCE}">`)).toBe(true);
    expect(loader).toContain(JSON.stringify([chunk('runtime'), chunk('react-dom')]));
    expect(loader).toContain("getEntriesByName('first-contentful-paint')");
  });

  it('leaves a head without a nonced chunk unchanged', () => {
    const head = `<head><script src="${chunk('x')}" async=""></script></head>`;
    expect(rewriteHead(head)).toEqual({ head, deferring: false });
  });
});

describe('rewriteBody', () => {
  it("hands the body's chunk to the loader and leaves inline and foreign scripts alone", () => {
    const body = PAGE.slice(PAGE.indexOf('</head>'));
    const rewritten = rewriteBody(body);
    expect(rewritten).toContain(
      `<script nonce="${NONCE}">self.__scriptsAfterPaint("${chunk('main')}")</script>`,
    );
    expect(rewritten).toContain('(self.__next_f=self.__next_f||[]).push([0])');
    expect(rewritten).toContain('https://elsewhere.example/x.js');
  });

  it("names every chunk the loader will insert, the head's and the body's", () => {
    expect(deferredSources(expected)).toEqual([
      chunk('runtime'),
      chunk('react-dom'),
      chunk('main'),
    ]);
  });
});

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function listen(created: Server): Promise<number> {
  server = created;
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return (created.address() as AddressInfo).port;
}

function get(port: number, headers: Record<string, string> = {}) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    httpRequest({ port, host: '127.0.0.1', path: '/', headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(parts) }));
    })
      .on('error', reject)
      .end();
  });
}

/** Writes `bytes` in pieces of `size` bytes, as a stream would, then ends. */
async function writeInPieces(response: ServerResponse, bytes: Buffer, size: number) {
  for (let at = 0; at < bytes.length; at += size) {
    response.write(bytes.subarray(at, at + size));
    await new Promise((resolve) => setImmediate(resolve));
  }
  response.end();
}

describe('deferScriptsToFirstPaint', () => {
  it.each([1, 7, 64, 100_000])(
    'rewrites an HTML answer written in pieces of %i bytes as it would the whole',
    async (size) => {
      const port = await listen(
        createServer((_request, response) => {
          deferScriptsToFirstPaint(response);
          response.setHeader('content-type', 'text/html; charset=utf-8');
          void writeInPieces(response, Buffer.from(PAGE), size);
        }),
      );
      expect((await get(port)).body.toString()).toBe(expected);
    },
  );

  it('drops the Link header of an HTML answer, and only of one', async () => {
    const link = `<${chunk('a')}>; rel=preload; as="style"`;
    const port = await listen(
      createServer((request, response) => {
        deferScriptsToFirstPaint(response);
        response.setHeader('link', link);
        response.setHeader('content-type', request.url === '/' ? 'text/html' : 'text/x-component');
        response.end('<html><head></head></html>');
      }),
    );
    expect((await get(port)).headers.link).toBeUndefined();
    const other = await new Promise<Record<string, unknown>>((resolve) =>
      httpRequest({ port, host: '127.0.0.1', path: '/rsc' }, (response) => {
        response.resume();
        resolve(response.headers);
      }).end(),
    );
    expect(other.link).toBe(link);
  });

  it('passes anything but HTML through byte for byte', async () => {
    const payload = Buffer.from(`0:["$","script",null,{"src":"${chunk('x')}","async":""}]`);
    const port = await listen(
      createServer((_request, response) => {
        deferScriptsToFirstPaint(response);
        response.setHeader('content-type', 'text/x-component');
        void writeInPieces(response, payload, 5);
      }),
    );
    expect((await get(port)).body.equals(payload)).toBe(true);
  });

  it("is what the web server answers, gzip when asked, since Next's compression is off", async () => {
    const port = await listen(
      createWebServer(
        (_request, response) => {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          return writeInPieces(response, Buffer.from(PAGE), 512);
        },
        { trust: compileTrust(undefined) },
      ),
    );
    const zipped = await get(port, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString()).toBe(expected);
    expect((await get(port)).body.toString()).toBe(expected);
  });

  it('sends the pieces Next writes and flushes in one turn as one deflate block', async () => {
    const port = await listen(
      createWebServer(
        (_request, response) => {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          // As Next's stream does: a write and a flush of the compressor per piece.
          const bytes = Buffer.from(PAGE);
          for (let at = 0; at < bytes.length; at += 64) {
            response.write(bytes.subarray(at, at + 64));
            (response as ServerResponse & { flush: () => void }).flush();
          }
          response.end();
          return Promise.resolve();
        },
        { trust: compileTrust(undefined) },
      ),
    );
    const zipped = await get(port, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(zipped.body).toString()).toBe(expected);
    // A flush per piece ended a block each time: 40 % larger than the whole page in one block.
    expect(zipped.body.length).toBeLessThanOrEqual(gzipSync(expected).length + 32);
  });
});
