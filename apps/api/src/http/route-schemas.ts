/**
 * Validation at the route: every route declares zod schemas (from core) for what it reads, and
 * Fastify checks them before the handler runs, so a handler only ever sees typed, valid input.
 * A route that declares none makes the api refuse to start. A route may declare its answer too
 * (`response`): it then sends only what matches the schema, as the client will check it.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type Part = 'params' | 'querystring' | 'body';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The parts of the request the route declares a schema for. */
  schema: Partial<Record<Part, unknown>>;
  /** Set when another library reads and checks the raw request itself (see below). */
  validatedBy?: string;
}

/**
 * Routes whose request stream is handed on unread to a library that parses and checks it
 * itself, as `config.validatedBy`: only the built-in identity provider's OIDC endpoints.
 */
export const VALIDATED_ELSEWHERE = ['oidc-provider'] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    validatedBy?: (typeof VALIDATED_ELSEWHERE)[number];
  }
}

/** What a route must declare: its path parameters, and its query (reads) or its body (writes). */
export function requiredParts(method: string, url: string): Part[] {
  const parts: Part[] = [];
  if (url.includes(':') || url.includes('*')) parts.push('params');
  parts.push(['POST', 'PUT', 'PATCH'].includes(method) ? 'body' : 'querystring');
  return parts;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route of an app built with `requireRouteSchemas`, with what it declared. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/** Installs zod validation on the app and checks every route as a module adds it. */
export function requireRouteSchemas(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.setValidatorCompiler(validatorCompiler);
  // A route that declares its answer (`response`) answers only what matches it.
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const schema = (route.schema ?? {}) as RegisteredRoute['schema'];
    const validatedBy = route.config?.validatedBy;
    for (const method of methods) {
      routes.push({ method, url: route.url, schema, ...(validatedBy ? { validatedBy } : {}) });
      if (validatedBy) continue;
      const missing = requiredParts(method, route.url).filter((part) => !schema[part]);
      if (missing.length > 0) {
        throw new Error(`${method} ${route.url} declares no schema for its ${missing.join(', ')}`);
      }
    }
  });
}
