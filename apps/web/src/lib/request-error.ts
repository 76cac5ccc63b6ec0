/** A failed HTTP call (spec §3 "request error object"); its message is 'method url status'. */
export interface RequestErrorDetails {
  method: string;
  url: string;
  payload?: unknown;
  /** The path pattern without ids, for grouping in error reports. */
  endpointPattern: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: unknown;
  cause?: unknown;
}

export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly method: string;
  readonly url: string;
  readonly payload: unknown;
  readonly endpointPattern: string;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Record<string, string>;
  readonly data: unknown;

  constructor(details: RequestErrorDetails) {
    super(`${details.method} ${details.url} ${details.status}`, { cause: details.cause });
    this.method = details.method;
    this.url = details.url;
    this.payload = details.payload;
    this.endpointPattern = details.endpointPattern;
    this.status = details.status;
    this.statusText = details.statusText;
    this.headers = details.headers;
    this.data = details.data;
  }

  /** No answer at all (DNS, refused connection, reset): status 0. */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** "/api/carts/8f0c…/items/12/" → "/api/carts/:id/items/:id/" */
export function endpointPattern(url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
  return path.replace(/\/(?:\d+|[0-9a-f]{8,}(?:-[0-9a-f]{4,})*)(?=\/|$)/gi, '/:id');
}

/**
 * The status of the error screen a page shows when its data failed to load, and of its answer:
 * 429 when the api refused a burst, 503 when it could not be reached or was unavailable (no
 * answer, a 5xx: an outage a retry outlives), 500 for anything else.
 */
export function errorScreenStatus(error: RequestError | null): number {
  if (error?.status === 429) return 429;
  if (error && (error.isNetworkError || error.status >= 500)) return 503;
  return 500;
}
