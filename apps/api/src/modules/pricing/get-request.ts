/**
 * GET /graphql's own refusal of a query that does not parse: graphql-yoga answers it with 200
 * (GraphQL over HTTP's rule for application/json), which caches and monitors read as success.
 * Parameters that are not JSON are refused by the route's schema (graphqlGetQuerySchema).
 */
import type { Plugin } from 'graphql-yoga';

/** A GET whose query does not parse is a bad request: 400, with GraphQL's own error body. */
export const unparsableGetIsBadRequest: Plugin = {
  onResultProcess(payload) {
    const { request, result } = payload;
    if (request.method !== 'GET' || Array.isArray(result) || !('errors' in result)) return;
    const unparsable = result.errors?.some((e) => e.extensions?.code === 'GRAPHQL_PARSE_FAILED');
    if (unparsable && result.data == null) {
      payload.setResult({ ...result, extensions: { ...result.extensions, http: { status: 400 } } });
    }
  },
};
