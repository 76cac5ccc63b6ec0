/**
 * Answers under /api/ are kept by no cache unless their route says otherwise: a cart, an order,
 * the account, its dashboard and its invoices are one visitor's, and a browser's or a shared
 * cache must not hand them to anyone later. A route that may be cached sets its own
 * Cache-Control. /graphql (public prices, with ETags) and /oidc (the identity provider sets its
 * own) are outside /api/.
 */
import type { FastifyInstance } from 'fastify';

export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
