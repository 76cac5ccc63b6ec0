/**
 * What the web app's HTTP server refuses before Next sees a request: methods Next cannot take
 * and bodies over the api's limit. Next fails on TRACE with a 500 wherever it arrives (the fetch
 * standard forbids the method), renders pages for any method at all, and holds a body whole in
 * memory (up to 10 MB) before its proxy forwards it: 2 MB posts to /api/* answered 27 × 500 in
 * 80 while the api refused them at 1 MiB. Plain JavaScript, like the server that loads it.
 */

/** The api's own limit (Fastify's default): nothing the checkout sends comes near it. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Pages are read, and posted to by a payment provider sending the shopper back (POST). */
const PAGE_METHODS = 'GET, HEAD, POST';
/** The api's paths and the web app's own route handlers: their methods are theirs to decide. */
const HANDLED_BEHIND = /^\/(?:api\/|graphql\/?$|oidc(?:\/|$)|otel-collector\/)/;
const FORWARDED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * The connection is kept: Node reads whatever is left of the body and throws it away, so a
 * client still sending it gets the answer. Closed at once, 11 in 20 uploads of 11 MB by Node's
 * fetch ended in a broken pipe (EPIPE) instead of the 413.
 */
function refuse(response, status, code, message, headers = {}) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify({ error: { code, message } }));
}

const tooLarge = (response) =>
  refuse(response, 413, 'payload_too_large', 'The request body is too large.');

/** False, with a 405 sent, when the request's method is not one its path takes. */
export function allowMethod(request, response) {
  const method = request.method ?? 'GET';
  const behind = HANDLED_BEHIND.test((request.url ?? '/').split('?')[0]);
  const allowed = behind ? FORWARDED_METHODS : PAGE_METHODS;
  if (method !== 'TRACE' && (behind || allowed.split(', ').includes(method))) return true;
  refuse(response, 405, 'method_not_allowed', `${method} is not served here.`, { allow: allowed });
  return false;
}

/** Whether the body's declared length, if any, is within `limit` bytes. */
export function declaredWithin(request, limit = MAX_BODY_BYTES) {
  return Number(request.headers['content-length'] ?? 0) <= limit;
}

/**
 * Whether the request may go on to Next: a body declared over `limit` bytes is refused at once
 * (413). A body of undeclared length (chunked) is held here until it has arrived whole within
 * the limit, then handed on (Next's proxy would hold it whole too before forwarding it); past
 * the limit it is refused (413) and Next never sees the request.
 */
export function receiveBody(request, response, limit = MAX_BODY_BYTES) {
  if (!declaredWithin(request, limit)) {
    tooLarge(response);
    return Promise.resolve(false);
  }
  // With a declared length Node's parser ends the body there: nothing more to count.
  if (request.headers['transfer-encoding'] === undefined) return Promise.resolve(true);
  return new Promise((resolve) => {
    const held = [];
    let received = 0;
    const push = request.push.bind(request);
    // Node's HTTP parser hands each chunk of a body to push(), and null at its end.
    request.push = (chunk) => {
      if (chunk === null) {
        delete request.push;
        for (const part of held) push(part);
        push(null);
        resolve(true);
        return false;
      }
      received += chunk.length;
      if (received > limit) {
        // The rest is read and dropped: nothing more is held, and the request still ends.
        request.push = (rest) => (rest === null ? push(null) : true);
        held.length = 0;
        tooLarge(response);
        resolve(false);
        return true;
      }
      held.push(chunk);
      return true;
    };
    // A client that goes away mid-body.
    request.once('close', () => resolve(false));
  });
}
