/**
 * Successful pricing answers, serialized, in front of GraphQL execution. Prices are the same
 * for every visitor, so an answer is keyed by catalog version, accepted media type, query and
 * variables; it lives a minute at most so coupon validity windows stay exact to the minute.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export interface CachedAnswer {
  /**
   * Encoded once when cached: answers are ~17 KB of JSON, and turning that string into UTF-8
   * bytes on every hit was the largest single cost of a cached answer (a third of the CPU).
   */
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface GraphQLRequestParts {
  catalogVersion: string;
  accept: string;
  query: unknown;
  variables: unknown;
  operationName: unknown;
}

export const RESPONSE_CACHE_TTL_MS = 60_000;

export function createResponseCache(max = 2000): LRUCache<string, CachedAnswer> {
  return new LRUCache<string, CachedAnswer>({ max, ttl: RESPONSE_CACHE_TTL_MS });
}

/** A key only for well-formed query requests; anything else is left to GraphQL to judge. */
export function responseCacheKey(parts: GraphQLRequestParts): string | undefined {
  if (typeof parts.query !== 'string' || /^\s*(mutation|subscription)\b/.test(parts.query)) {
    return undefined;
  }
  const variables =
    typeof parts.variables === 'string' ? parts.variables : JSON.stringify(parts.variables ?? {});
  return createHash('sha256')
    .update(
      `${parts.catalogVersion}\0${parts.accept}\0${typeof parts.operationName === 'string' ? parts.operationName : ''}\0`,
    )
    .update(parts.query)
    .update('\0')
    .update(variables)
    .digest('base64url');
}

/** Only complete, error-free answers are worth repeating. */
export function isCacheable(status: number, body: string): boolean {
  return status === 200 && !body.includes('"errors":[');
}
