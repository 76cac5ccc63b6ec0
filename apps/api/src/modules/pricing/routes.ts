/** /graphql on the api: graphql-yoga with depth, cost, alias and token limits. */
import type { FastifyInstance } from 'fastify';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { createYoga } from 'graphql-yoga';
import { AppError, ERROR_CODES } from '@checkout/core';
import type { Catalog } from '../catalog/catalog';
import { pricingSchema } from './schema';

/** Longest GET URL accepted; longer queries must be POSTed (spec §7). */
export const MAX_GET_URL_LENGTH = 2047;

export function pricingRoutes(app: FastifyInstance, catalog: Catalog, logging: boolean): void {
  const yoga = createYoga({
    schema: pricingSchema(catalog),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: false,
    logging,
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 12, ignoreIntrospection: false },
        costLimit: { maxCost: 5000 },
        maxAliases: { n: 10 },
        maxDirectives: { n: 10 },
        maxTokens: { n: 2000 },
        blockFieldSuggestion: { enabled: true },
      }),
    ],
  });

  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      if (req.method === 'GET' && req.url.length > MAX_GET_URL_LENGTH) {
        throw new AppError(
          ERROR_CODES.uriTooLong,
          414,
          `GET queries are limited to ${MAX_GET_URL_LENGTH} characters; use POST.`,
        );
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply);
      response.headers.forEach((value, key) => {
        void reply.header(key, value);
      });
      void reply.status(response.status);
      return reply.send(response.body);
    },
  });
}
