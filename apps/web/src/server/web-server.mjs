/**
 * The web app's HTTP server around Next's request handler (started by apps/web/server.mjs):
 * each request gets the client's address from the socket before Next sees it, and Next's
 * internal routing headers are kept out of every answer. Plain JavaScript because it runs
 * before Next starts.
 */
import { createServer } from 'node:http';
import { overwriteClientAddress } from './client-address.mjs';
import { hideInternalHeaders } from './internal-headers.mjs';

/**
 * @param {(request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => Promise<void>} handle Next's request handler
 * @param {{ trust: import('./client-address.mjs').Trust }} options
 */
export function createWebServer(handle, { trust }) {
  return createServer((request, response) => {
    overwriteClientAddress(request, trust);
    void handle(request, hideInternalHeaders(response));
  });
}
