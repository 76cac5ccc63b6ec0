/** /graphql on the api: graphql-yoga with depth, cost, alias and token limits. */
import type { FastifyInstance } from 'fastify';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { ValidationRule } from 'graphql';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import { AppError, ERROR_CODES } from '@checkout/core';
import type { Catalog } from '../catalog/catalog';
import { checkGetParams, unparsableGetIsBadRequest } from './get-request';
import { createResponseCache, isCacheable, responseCacheKey } from './response-cache';
import { pricingSchema } from './schema';

/** Longest GET URL accepted; longer queries must be POSTed (spec §7). */
export const MAX_GET_URL_LENGTH = 2047;

/**
 * Refuses __schema and __type (not __typename): in production the schema is nobody's business
 * but the checkout's, which is built with it and needs no introspection at run time. By field
 * name, not graphql's NoSchemaIntrospectionCustomRule: that one compares types by instanceof,
 * which fails when two copies of graphql are loaded (ESM and CommonJS).
 */
const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(
        createGraphQLError(`GraphQL introspection is not allowed (${node.name.value}).`, {
          nodes: [node],
        }),
      );
    }
  },
});

const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(noIntrospectionRule);
  },
};

export interface PricingOptions {
  logging: boolean;
  /** Off in production. */
  introspection: boolean;
}

export function pricingRoutes(
  app: FastifyInstance,
  catalog: Catalog,
  { logging, introspection }: PricingOptions,
): void {
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
      ...(introspection ? [] : [noIntrospection]),
      unparsableGetIsBadRequest,
    ],
  });

  const cache = createResponseCache();
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      if (req.method === 'GET' && req.url.length > MAX_GET_URL_LENGTH) {
        throw new AppError(
          ERROR_CODES.uriTooLong,
          `GET queries are limited to ${MAX_GET_URL_LENGTH} characters; use POST.`,
        );
      }
      if (req.method === 'GET') checkGetParams(req.query as Record<string, unknown>);
      const params = (req.method === 'POST' ? req.body : req.query) as Record<
        string,
        unknown
      > | null;
      const key = responseCacheKey({
        catalogVersion: catalog.snapshot().version,
        accept: req.headers.accept ?? '',
        query: params?.query,
        variables: params?.variables,
        operationName: params?.operationName,
      });
      const hit = key ? cache.get(key) : undefined;
      if (hit) {
        if (req.headers['if-none-match'] === hit.etag) return reply.status(304).send();
        return reply
          .header('content-type', hit.contentType)
          .header('etag', hit.etag)
          .send(hit.body);
      }
      const response = await yoga.handleNodeRequestAndResponse(req, reply);
      const body = await response.text();
      response.headers.forEach((value, name) => {
        void reply.header(name, value);
      });
      if (key && isCacheable(response.status, body)) {
        const etag = `"${key}"`;
        cache.set(key, {
          body,
          etag,
          contentType: response.headers.get('content-type') ?? 'application/json',
        });
        void reply.header('etag', etag);
      }
      return reply.status(response.status).send(body);
    },
  });
}
