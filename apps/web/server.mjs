#!/usr/bin/env node
/**
 * The web app's HTTP server: Next's own request handler behind a few steps of ours
 * (src/server/web-server.mjs). `next start` hands the client's X-Forwarded-For on to the api
 * untouched (it only fills the header when it is absent) and exposes no socket address to
 * proxy.ts, so a client could pick the address the api's rate limits count. Here the header is
 * rewritten from the socket before Next sees it, methods Next cannot take and oversized bodies
 * are refused first, and Next's internal routing headers are kept out of every answer.
 *
 * Started by scripts/start.mjs with NODE_ENV=production in apps/web. This file runs before
 * Next and cannot load the server-only env module, so it reads its three variables itself.
 */
import next from 'next';
import { compileTrust } from './src/server/client-address.mjs';
import { createWebServer } from './src/server/web-server.mjs';

const port = Number(process.env.WEB_PORT ?? 3000);
const hostname = process.env.WEB_HOST || undefined;

let trust;
try {
  trust = compileTrust(process.env.TRUST_PROXY);
} catch {
  // The message names the variable, never its value (which may be long or sensitive).
  console.error('[web] TRUST_PROXY is not a list of addresses, ranges or proxy-addr names');
  process.exit(1);
}
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error('[web] WEB_PORT is not a port number');
  process.exit(1);
}

// Next is not told WEB_HOST: it builds the address of each request from this name, while its
// proxy layer calls every loopback address 'localhost', so with WEB_HOST=127.0.0.1 each page's
// internal rewrite looked foreign and went out over HTTP to this server again (/payment/ -> 307
// /payment/, / -> 308 /en/). The name only matters inside the process: ours listens on WEB_HOST.
const app = next({ dev: false, dir: import.meta.dirname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createWebServer(handle, { trust });
server.once('error', (error) => {
  // One line naming the variable, not a stack trace (and never exit code 0).
  const reasons = {
    EADDRINUSE: `WEB_PORT ${port} is in use${hostname ? ` on ${hostname}` : ''}: another process listens there`,
    EADDRNOTAVAIL: `WEB_HOST ${hostname} is not an address of this machine`,
    EACCES: `WEB_PORT ${port} needs privileges this process lacks`,
  };
  console.error(`[web] ${reasons[error.code] ?? error.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => {
  console.log(`[web] listening on ${hostname ?? '*'}:${port}`);
});

function stop() {
  server.close(() => process.exit(0));
  // Idle keep-alive connections would hold the close open until they time out.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
