/** /graphql on the api: graphql-yoga with depth, cost, alias and token limits. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { ValidationRule } from 'graphql';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';
import {
  AppError,
  ERROR_CODES,
  EXPERIMENT_HEADER,
  graphqlGetQuerySchema,
  graphqlPostBodySchema,
  noQuerySchema,
} from '@checkout/core/contract';
import type { Catalog } from '../catalog/catalog';
import type { CatalogSnapshot } from '../catalog/snapshot';
import { pricingVariants, type Experiments } from '../experiments/service';
import { graphqlCors } from './cors';
import { unparsableGetIsBadRequest } from './get-request';
import { createResponseCache, isCacheable, responseCacheKey } from './response-cache';
import { pricingSchema, type PricingContext } from './schema';

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
  /** Pricing experiments: the experiment header may select another package. */
  experiments: Experiments;
  /** Off in production. */
  introspection: boolean;
  /** The origins whose pages may read the answers with the visitor's cookies (cors.ts). */
  corsOrigins: readonly string[];
  /** The catalog of a console draft, by its preview token (PREVIEW_HEADER); 404 if none. */
  preview: (token: string) => Promise<CatalogSnapshot>;
}

/** Sent by the web server for a checkout opened with `?catalog_preview=<token>`. */
export const PREVIEW_HEADER = 'x-catalog-preview';

export function pricingRoutes(
  app: FastifyInstance,
  catalog: Catalog,
  { logging, introspection, experiments, corsOrigins, preview }: PricingOptions,
): void {
  const cors = graphqlCors(corsOrigins);
  const yoga = createYoga<PricingContext>({
    schema: pricingSchema(catalog),
    graphqlEndpoint: '/graphql',
    cors: false,
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
  /** Answers from the cache, or runs the operation and caches a successful answer. */
  const handle = async (
    req: FastifyRequest,
    reply: FastifyReply,
    params: { query?: string; variables?: unknown; operationName?: string | null },
  ) => {
    const header = req.headers[EXPERIMENT_HEADER];
    const pricing = pricingVariants(
      await experiments.current(),
      typeof header === 'string' ? header : undefined,
    );
    const previewToken = req.headers[PREVIEW_HEADER];
    const previewed = typeof previewToken === 'string' ? await preview(previewToken) : undefined;
    // A draft's answers are its previewer's alone: never cached.
    const key = previewed
      ? undefined
      : responseCacheKey({
          // Visitors in a pricing experiment's variant get that variant's answer, cached apart.
          catalogVersion: `${catalog.snapshot().version}\0${pricing.key}`,
          accept: req.headers.accept ?? '',
          query: params.query,
          variables: params.variables,
          operationName: params.operationName,
        });
    cors.answer(req, reply);
    const hit = key ? cache.get(key) : undefined;
    if (hit) {
      if (req.headers['if-none-match'] === hit.etag) return reply.status(304).send();
      return reply.header('content-type', hit.contentType).header('etag', hit.etag).send(hit.body);
    }
    const response = await yoga.handleNodeRequestAndResponse(req, reply, {
      pricing,
      ...(previewed ? { preview: previewed } : {}),
    });
    const body = await response.text();
    response.headers.forEach((value, name) => {
      void reply.header(name, value);
    });
    if (key && isCacheable(response.status, body)) {
      const etag = `"${key}"`;
      cache.set(key, {
        body: Buffer.from(body),
        etag,
        contentType: response.headers.get('content-type') ?? 'application/json',
      });
      void reply.header('etag', etag);
    }
    return reply.status(response.status).send(body);
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/graphql',
    {
      schema: { querystring: graphqlGetQuerySchema },
      // Before the query is read: a URL this long is refused whatever it holds.
      onRequest: (req, _reply, done) => {
        const tooLong = req.url.length > MAX_GET_URL_LENGTH;
        const message = `GET queries are limited to ${MAX_GET_URL_LENGTH} characters; use POST.`;
        done(tooLong ? new AppError(ERROR_CODES.uriTooLong, message) : undefined);
      },
    },
    (req, reply) => handle(req, reply, req.query),
  );
  api.post('/graphql', { schema: { body: graphqlPostBodySchema } }, (req, reply) =>
    handle(req, reply, req.body),
  );
  api.options('/graphql', { schema: { querystring: noQuerySchema } }, (req, reply) =>
    cors.preflight(req, reply),
  );
}
