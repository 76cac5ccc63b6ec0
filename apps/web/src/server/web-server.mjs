/**
 * The web app's HTTP server around Next's request handler (started by apps/web/server.mjs):
 * methods Next cannot take and bodies over the limit are refused first (request-limits.mjs),
 * each request gets the client's address from the socket before Next sees it, a page may answer
 * with a status of its own (page-status.mjs), Next's internal routing headers are kept out of
 * every answer, a page's scripts wait for its first paint (scripts-after-paint.mjs) and answers
 * are compressed here, after that rewrite. Plain JavaScript because it runs before Next starts.
 */
import { createServer } from 'node:http';
import compression from 'compression';
import { overwriteClientAddress } from './client-address.mjs';
import { hideInternalHeaders } from './internal-headers.mjs';
import { withPageStatus } from './page-status.mjs';
import { allowMethod, declaredWithin, receiveBody } from './request-limits.mjs';
import { deferScriptsToFirstPaint } from './scripts-after-paint.mjs';

/**
 * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<void>} handle Next's request handler
 * @param {{ trust: import('./client-address.mjs').Trust }} options
 */
export function createWebServer(handle, { trust }) {
  // Next's own compression is off (next.config.ts): it sat inside Next, where the page's HTML
  // was already gzip by the time it reached this server's rewrite of the script tags.
  const compress = compression();
  const onRequest = (request, response) => {
    if (!allowMethod(request, response)) return;
    void receiveBody(request, response).then((received) => {
      if (!received) return;
      overwriteClientAddress(request, trust);
      compress(request, response, () => {});
      deferScriptsToFirstPaint(response);
      return withPageStatus(response, () => handle(request, hideInternalHeaders(response)));
    });
  };
  const server = createServer(onRequest);
  // Idle keep-alive connections stay open 72 s (Fastify's default): past the idle timeout of a
  // load balancer in front (AWS's ALB: 60 s), so it never reuses one this server is closing (a
  // reset, a 502). Node's 5 s raced the next request of any client pausing that long. Not
  // forever, as the api (http/keep-alive.ts, behind our own forwarder only): this server faces
  // the internet, and idle clients close their own connections sooner (browsers, fetch's 4 s).
  server.keepAliveTimeout = 72_000;
  // A client that asks before sending a body (Expect: 100-continue, as curl does for large
  // ones) is told 413 before it sends a byte of one that is too large.
  server.on('checkContinue', (request, response) => {
    if (declaredWithin(request)) response.writeContinue();
    onRequest(request, response);
  });
  return server;
}
