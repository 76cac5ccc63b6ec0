/**
 * The api never closes an idle keep-alive connection: its clients do. The web's forward of
 * /api/* and /graphql (Next's rewrite, through its compiled httpxy) pools connections in an
 * agent with no idle timeout and no retry, and Node's agent ignores the server's `Keep-Alive:
 * timeout=` hint when it has no timeout of its own. With any idle timer here (Fastify's default
 * closes after 72 s, Node's 5 s), a request the web sends on a pooled connection just as the api
 * closes it (or while the api's event loop is busy, before it reads the request) is reset:
 * ECONNRESET for a POST the browser made, answered 500 by the web (one full e2e run lost
 * `POST /api/console/staff/` so). As a backend behind a load balancer must outlast the
 * balancer's idle timeout, the api outlasts the forwarder's, which is forever: the forwarder's
 * pool holds at most 64 idle connections per web node, other clients (fetch keeps one idle 4 s,
 * load balancers 60 s) close their own, shutdown closes the idle ones, and Node's headersTimeout
 * still ends a request that never finishes arriving. Set on the server itself: Fastify reads a
 * keepAliveTimeout of 0 as "its default". docs/decisions/002-api-forwarding-in-the-proxy.md
 */
export const KEEP_ALIVE_TIMEOUT_MS = 0;
