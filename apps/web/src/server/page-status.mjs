/**
 * The HTTP status of a page that is not 200 and that Next has no call for (the App Router sets
 * 404 through notFound() and nothing else): the page names it while it renders, and the web
 * app's HTTP server (web-server.mjs) answers with it. The error screen of an api outage answered
 * 200, so monitors, load balancers and crawlers took it for the checkout.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

// The server and the pages load this file apart (Next bundles the pages): one store for both.
const STORE = Symbol.for('checkout.web.page-status');
/** @type {AsyncLocalStorage<{ status?: number }>} */
const requests = (globalThis[STORE] ??= new AsyncLocalStorage());

/** Runs Next's handling of one request; a status its page named replaces Next's 200. */
export function withPageStatus(response, handle) {
  const page = {};
  const writeHead = response.writeHead.bind(response);
  response.writeHead = (status, ...rest) =>
    writeHead(status === 200 && page.status ? page.status : status, ...rest);
  return requests.run(page, handle);
}

/** Called by a page while it renders: the status its answer goes out with. */
export function answerWithStatus(status) {
  const page = requests.getStore();
  if (page) page.status = status;
}
