/**
 * Cross-origin reads of /graphql: the checkout's own origins (PUBLIC_ORIGIN and
 * ALLOWED_REDIRECT_ORIGINS) may read it from a browser with the visitor's cookies; any other
 * origin gets no CORS header, so its browser keeps the answer from the page that asked. Set here
 * and not by graphql-yoga, whose default echoes every origin with credentials, because cached
 * answers never reach yoga.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface GraphqlCors {
  /** Sets an answer's CORS headers (none for an origin not allowed); true when it may read. */
  answer(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Answers a preflight: 204, with the permission only for an allowed origin. */
  preflight(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export function graphqlCors(origins: readonly string[]): GraphqlCors {
  const allowed = new Set(origins.map((origin) => new URL(origin).origin));
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    // Shared caches must not hand one origin's answer (with its permission) to another.
    void reply.header('vary', 'Origin');
    const { origin } = request.headers;
    if (origin === undefined || !allowed.has(origin)) return false;
    void reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-credentials', 'true');
    return true;
  };
  return {
    answer,
    preflight(request, reply) {
      const asked = request.headers['access-control-request-headers'];
      if (answer(request, reply)) {
        void reply.header('access-control-allow-methods', 'GET, POST');
        if (asked) void reply.header('access-control-allow-headers', asked);
      }
      return reply.status(204).send();
    },
  };
}
