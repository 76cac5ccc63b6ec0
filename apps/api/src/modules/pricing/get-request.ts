/**
 * GET /graphql's own refusals. graphql-yoga parses `variables` and `extensions` itself and
 * answers a 500 when they are not JSON; and it answers a query that does not parse with 200
 * (GraphQL over HTTP's rule for application/json), which caches and monitors read as success.
 */
import type { Plugin } from 'graphql-yoga';
import { AppError, ERROR_CODES } from '@checkout/core';

const JSON_PARAMS = ['variables', 'extensions'] as const;
const TEXT_PARAMS = ['query', 'operationName'] as const;

function parsesToObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed === null || (typeof parsed === 'object' && !Array.isArray(parsed));
  } catch {
    return false;
  }
}

/** Throws a 400 naming the first parameter that is repeated or, for JSON ones, not an object. */
export function checkGetParams(query: Record<string, unknown>): void {
  const invalid = (name: string, why: string) =>
    new AppError(ERROR_CODES.validation, `The GraphQL parameter ${name} ${why}.`, [
      { path: name, message: why },
    ]);
  for (const name of TEXT_PARAMS) {
    const value = query[name];
    if (value !== undefined && typeof value !== 'string') throw invalid(name, 'is given twice');
  }
  for (const name of JSON_PARAMS) {
    const value = query[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalid(name, 'is given twice');
    if (!parsesToObject(value)) throw invalid(name, 'is not a JSON object');
  }
}

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
