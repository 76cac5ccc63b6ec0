/**
 * The web's one api client, the generic HTTP helper of spec §7: GET by default, base URL for
 * relative paths, JSON in and out, `{ data, error }` results. Non-2xx answers and 2xx bodies
 * carrying an error become a RequestError 'method url status'; 204 means no data. An answer is
 * checked with the schema of the wire contract the call names (`answer`), so a caller reads
 * only what matches it.
 */
import {
  CART_BINDING_COOKIE,
  EXPERIMENT_HEADER,
  FORWARDED_USER_AGENT_HEADER,
  USER_TOKEN_HEADER,
} from '@checkout/core/contract';
import { endpointPattern, RequestError } from './request-error';

export interface ServerContext {
  /** The visitor's token cookie, forwarded as the user-token header. */
  token?: string | undefined;
  /** The visitor's experiment id, forwarded as the experiment header. */
  experiment?: string | undefined;
  /** The visitor's address, forwarded so the api rate-limits per visitor. */
  clientAddress?: string | undefined;
  /** The visitor's user agent, forwarded as the forwarded-user-agent header. */
  userAgent?: string | undefined;
  /** The visitor's cart binding cookie: the api shows a cart and its order to their owner only. */
  cartBinding?: string | undefined;
  /** W3C traceparent (and tracestate) of the page's work: the api's spans join its trace. */
  traceHeaders?: Record<string, string> | undefined;
}

/** What the api issues (32 random bytes, base64url); anything else is not forwarded. */
const CART_BINDING_FORMAT = /^[\w-]{43}$/;

/** What a call's answer must match: one of core's zod schemas (their `safeParse`). */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * The schema itself (server code), or its loader (browser code: zod stays out of the first
 * load, and the loading runs while the call is on its way, see answer-schemas.ts).
 */
export type Answer<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

export interface RequestOptions<T = unknown> {
  /** The answer's schema: an answer that does not match it is an error ('unexpected answer'). */
  answer?: Answer<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  baseUrl?: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  server?: ServerContext;
  signal?: AbortSignal;
}

export type RequestResult<T> =
  { data: T | null; error: null } | { data: null; error: RequestError };

export function buildUrl(
  path: string,
  baseUrl: string | undefined,
  query: RequestOptions['query'],
): string {
  const absolute = /^https?:\/\//.test(path);
  const url = new URL(
    absolute ? path : `${baseUrl ?? ''}${path}`,
    absolute || baseUrl ? undefined : 'http://relative.invalid',
  );
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) url.searchParams.set(name, String(value));
  }
  return absolute || baseUrl ? url.toString() : `${url.pathname}${url.search}`;
}

function carriesError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const record = body as Record<string, unknown>;
  return Boolean(record.error) || (Array.isArray(record.errors) && record.errors.length > 0);
}

/** A call whose answer is read names its schema; without one the answer is unknown, never cast. */
export function request<T>(
  path: string,
  options: RequestOptions<T> & { answer: Answer<T> },
): Promise<RequestResult<T>>;
export function request(path: string, options?: RequestOptions): Promise<RequestResult<unknown>>;
export async function request<T>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<RequestResult<unknown>> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.baseUrl, options.query);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.server?.token) headers[USER_TOKEN_HEADER] = options.server.token;
  if (options.server?.experiment) headers[EXPERIMENT_HEADER] = options.server.experiment;
  if (options.server?.clientAddress) headers['x-forwarded-for'] = options.server.clientAddress;
  if (options.server?.userAgent) headers[FORWARDED_USER_AGENT_HEADER] = options.server.userAgent;
  Object.assign(headers, options.server?.traceHeaders);
  // Only the cookie the api needs, never the visitor's whole cookie header.
  const binding = options.server?.cartBinding;
  if (binding && CART_BINDING_FORMAT.test(binding))
    headers.cookie = `${CART_BINDING_COOKIE}=${binding}`;
  const base = { method, url, payload: options.body, endpointPattern: endpointPattern(url) };
  const networkFailure = {
    ...base,
    status: 0,
    statusText: 'network error',
    headers: {},
    data: null,
  };
  const schema = typeof options.answer === 'function' ? options.answer() : options.answer;
  // A loader that fails is reported with the call (awaited below), never as unhandled.
  if (schema instanceof Promise) schema.catch(() => undefined);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: 'no-store',
    });
  } catch (cause) {
    return { data: null, error: new RequestError({ ...networkFailure, cause }) };
  }
  const responseHeaders = Object.fromEntries(response.headers.entries());
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  const failed =
    response.status < 200 ||
    response.status >= 400 ||
    (response.status !== 204 && carriesError(data));
  const fail = (statusText: string): RequestResult<unknown> => {
    const error = new RequestError({
      ...base,
      status: response.status,
      statusText,
      headers: responseHeaders,
      data,
    });
    return { data: null, error };
  };
  if (failed) return fail(response.statusText);
  if (response.status === 204) return { data: null, error: null };
  if (!schema) return { data, error: null };
  let checked: ReturnType<AnswerSchema<T>['safeParse']>;
  try {
    checked = (await schema).safeParse(data);
  } catch (cause) {
    return { data: null, error: new RequestError({ ...networkFailure, cause }) };
  }
  return checked.success ? { data: checked.data, error: null } : fail('unexpected answer');
}
