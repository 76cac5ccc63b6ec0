/**
 * PayPal's REST API, called directly (Orders v2, Payments v2, Webhooks v1): an OAuth2
 * client-credentials token cached until a minute before it expires (and fetched anew when PayPal
 * answers 401), a `PayPal-Request-Id` on every write so a repeat never creates, captures or
 * refunds twice, and a timeout after which a call counts as an outage. PayPal's refusals come back
 * as PayPalRefusal with PayPal's error name and first issue; their text (which may quote the
 * request) never reaches a log line or a shopper.
 */
import type { PayPalConfig } from '../../../../provider-settings/paypal-orders';

/** How long one call may take before it counts as an outage. */
const TIMEOUT_MS = 15_000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/** PayPal answered 4xx: the request was refused, nothing was done. */
export class PayPalRefusal extends Error {
  constructor(
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND…). */
    readonly errorName: string,
    /** The first issue PayPal named (INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED…). */
    readonly issue: string | undefined,
  ) {
    super(`paypal: ${status} ${errorName}${issue ? ` ${issue}` : ''}`);
    this.name = 'PayPalRefusal';
  }
}

export interface PayPalClient {
  /** GET a resource. */
  get: <T>(path: string) => Promise<T>;
  /** POST a write; `requestId` is its PayPal-Request-Id (the same id answers the first result). */
  post: <T>(path: string, body: unknown, requestId: string) => Promise<T>;
}

async function refusalOf(response: Response): Promise<PayPalRefusal> {
  let name = 'ERROR';
  let issue: string | undefined;
  try {
    const body = (await response.json()) as { name?: unknown; details?: { issue?: unknown }[] };
    if (typeof body.name === 'string') name = body.name;
    const first = body.details?.[0]?.issue;
    if (typeof first === 'string') issue = first;
  } catch {
    // Not JSON: the status alone says what happened.
  }
  return new PayPalRefusal(response.status, name, issue);
}

export function paypalClient(config: PayPalConfig, timeoutMs = TIMEOUT_MS): PayPalClient {
  let cached: { token: string; until: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const response = await fetch(`${config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw await refusalOf(response);
    const answer = (await response.json()) as { access_token: string; expires_in: number };
    cached = {
      token: answer.access_token,
      until: Date.now() + answer.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return answer.access_token;
  };

  /** The cached token, or one fetched once for all callers waiting at the same time. */
  const token = (): Promise<string> => {
    if (cached && cached.until > Date.now()) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  const send = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    requestId?: string,
  ): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await token()}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      };
      if (requestId) headers['paypal-request-id'] = requestId;
      const response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // An expired or revoked token: fetched anew once.
      if (response.status === 401 && attempt === 0) {
        cached = undefined;
        continue;
      }
      if (response.status >= 400 && response.status < 500) throw await refusalOf(response);
      if (!response.ok) throw new Error(`paypal: ${response.status} at ${path}`);
      return (response.status === 204 ? undefined : await response.json()) as T;
    }
  };

  return {
    get: (path) => send('GET', path),
    post: (path, body, requestId) => send('POST', path, body, requestId),
  };
}
