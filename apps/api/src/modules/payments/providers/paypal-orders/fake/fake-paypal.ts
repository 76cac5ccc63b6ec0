/**
 * Test only: a stateful fake of PayPal's REST API (OAuth2 token, Orders v2, Payments v2, the
 * verify-webhook-signature call of Webhooks v1) and of its webhook deliveries, an HTTP server the
 * tests start. Every request is checked against PayPal's published OpenAPI documents (one that
 * does not validate is answered 422 and recorded as a violation, which fails the test), every
 * write must carry a PayPal-Request-Id (a repeat answers the first result), and every answer and
 * webhook event it sends is checked against the documents before it leaves. The payer's side
 * (approving or leaving on PayPal's page) is a method the tests call.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { openApiValidator } from '../../fake-provider/openapi-validator';

const violationsOf = openApiValidator('paypal-openapi', {
  orders: 'checkout_orders_v2.json',
  payments: 'payments_payment_v2.json',
  vault: 'vault_payment_tokens_v3.json',
  webhooks: 'notifications_webhooks_v1.json',
});

type Money = { currency_code: string; value: string };

export interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  amount: Money;
  customId: string;
  /** Where PayPal's page sends the payer after approving or leaving (the order's own). */
  returnUrl?: string;
  cancelUrl?: string;
  /** Vault the wallet when captured (the order asked for it). */
  vault: boolean;
  /** Charged with a vaulted wallet: completed at creation. */
  vaultId?: string;
  capture?: { id: string; status: string; reason?: string };
  refunds: { id: string; amount: Money }[];
}

/** What the next capture does: PayPal's capture status, or a refusal issue. */
export type CaptureOutcome = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'INSTRUMENT_DECLINED';

export interface Delivery {
  status: number;
  body: string;
}

export interface FakePayPalOptions {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Posts a webhook event to the checkout's /api/callback/paypal/ with PayPal's headers. */
  deliver: (body: string, headers: Record<string, string>) => Promise<Delivery>;
}

const WRITES: Record<string, { document: string; request: string; response: string }> = {
  'POST /v2/checkout/orders': { document: 'orders', request: 'order_request', response: 'order' },
  'POST /v2/checkout/orders/:id/capture': {
    document: 'orders',
    request: 'order_capture_request',
    response: 'order',
  },
  'POST /v2/payments/captures/:id/refund': {
    document: 'payments',
    request: 'refund_request',
    response: 'refund',
  },
  'POST /v1/notifications/verify-webhook-signature': {
    document: 'webhooks',
    request: 'verify_webhook_signature',
    response: 'verify_webhook_signature_response',
  },
};

export class FakePayPal {
  readonly violations: string[] = [];
  readonly requests: { route: string; path: string; body: unknown; requestId?: string }[] = [];
  readonly orders = new Map<string, FakeOrder>();
  /** Wallets in the vault, by vault id. */
  readonly vault = new Set<string>();
  /** OAuth2 tokens issued, and when each expires. */
  readonly tokens = new Map<string, number>();
  tokenRequests = 0;
  nextCapture: CaptureOutcome = 'COMPLETED';
  /** The next requests fail: PayPal answers 503, drops the connection, or never answers. */
  outage: 'none' | 'error' | 'drop' | 'hang' = 'none';
  private readonly replays = new Map<string, unknown>();
  private readonly signingKey = randomBytes(32);
  private server: Server | undefined;
  private serial = 0;
  url = '';

  constructor(private readonly options: FakePayPalOptions) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      // A fault of the fake itself fails the test like a violation, never hangs it.
      this.handle(request, response).catch((error: unknown) => {
        this.violations.push(`fake PayPal failed: ${String(error)}`);
        response.destroy();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private nextId(prefix: string): string {
    this.serial += 1;
    return `${prefix}${String(this.serial).padStart(14, '0')}`.toUpperCase();
  }

  /** The order the fake holds for our payment id (its custom_id). */
  orderFor(paymentId: string): FakeOrder {
    const found = [...this.orders.values()].filter((o) => o.customId === paymentId).at(-1);
    if (!found) throw new Error(`fake PayPal: no order for ${paymentId}`);
    return found;
  }

  /** The payer approves the order on PayPal's page (or in its buttons). */
  approve(paymentId: string): FakeOrder {
    const order = this.orderFor(paymentId);
    order.status = 'APPROVED';
    return order;
  }

  /** Every access token issued so far stops working, as PayPal's do after `expires_in`. */
  expireTokens(): void {
    for (const token of this.tokens.keys()) this.tokens.set(token, 0);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown, check?: [string, string]) => {
      if (check) this.check(check[0], check[1], body, `answer of ${request.url ?? ''}`);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body === undefined ? '' : JSON.stringify(body));
    };
    const fail = (status: number, name: string, issue?: string) =>
      send(status, {
        name,
        message: `${name}${issue ? `: ${issue}` : ''}`,
        debug_id: randomBytes(6).toString('hex'),
        ...(issue ? { details: [{ issue, description: issue }] } : {}),
      });
    if (this.outage === 'hang') return;
    if (this.outage === 'drop') {
      request.socket.destroy();
      return;
    }
    if (this.outage === 'error') return fail(503, 'SERVICE_UNAVAILABLE');
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/oauth2/token')
      return this.token(request, raw, send, fail);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || (this.tokens.get(bearer) ?? 0) < Date.now())
      return fail(401, 'AUTHENTICATION_FAILURE');
    const route = `${request.method ?? ''} ${path.replace(/\/(orders|captures)\/[A-Z0-9]+/, '/$1/:id')}`;
    const id = /\/(?:orders|captures)\/([A-Z0-9]+)/.exec(path)?.[1] ?? '';
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return fail(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
    }
    const requestId = request.headers['paypal-request-id'] as string | undefined;
    this.requests.push({ route, path, body, requestId });
    const write = WRITES[route];
    if (write) {
      const problems = violationsOf(write.document, write.request, body);
      if (!requestId) problems.push(`${route}: no PayPal-Request-Id header`);
      if (problems.length > 0) {
        this.violations.push(...problems);
        return fail(422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_SYNTAX');
      }
      const key = `${route}:${requestId ?? ''}`;
      if (this.replays.has(key))
        return send(201, this.replays.get(key), [write.document, write.response]);
      const answer = this.write(route, id, body as Record<string, unknown>);
      if ('issue' in answer) return fail(answer.status, answer.name, answer.issue);
      this.replays.set(key, answer.body);
      return send(answer.status, answer.body, [write.document, write.response]);
    }
    if (route === 'GET /v2/checkout/orders/:id') {
      const order = this.orders.get(id);
      return order
        ? send(200, this.view(order), ['orders', 'order'])
        : fail(404, 'RESOURCE_NOT_FOUND');
    }
    if (route === 'GET /v2/payments/captures/:id') {
      const order = [...this.orders.values()].find((o) => o.capture?.id === id);
      return order
        ? send(200, this.captureView(order), ['payments', 'capture-2'])
        : fail(404, 'RESOURCE_NOT_FOUND');
    }
    return fail(404, 'NOT_FOUND');
  }

  private token(
    request: IncomingMessage,
    raw: string,
    send: (status: number, body: unknown) => void,
    fail: (status: number, name: string) => void,
  ) {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString(
      'base64',
    );
    if (
      request.headers.authorization !== `Basic ${basic}` ||
      raw !== 'grant_type=client_credentials'
    )
      return fail(401, 'invalid_client');
    this.tokenRequests += 1;
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, Date.now() + 32_400_000);
    send(200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32_400,
      nonce: randomBytes(8).toString('hex'),
    });
  }

  private check(document: string, schema: string, value: unknown, what: string) {
    const problems = violationsOf(document, schema, value);
    if (problems.length > 0) this.violations.push(`${what}: ${problems.join('; ')}`);
  }

  private write(
    route: string,
    id: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } | { status: number; name: string; issue: string } {
    switch (route) {
      case 'POST /v2/checkout/orders':
        return this.create(body);
      case 'POST /v2/checkout/orders/:id/capture':
        return this.captureOrder(id);
      case 'POST /v2/payments/captures/:id/refund':
        return this.refund(id, body);
      default:
        return this.verify(body);
    }
  }

  private create(body: Record<string, unknown>) {
    const [unit] = body.purchase_units as { custom_id: string; amount: Money }[];
    const source = (body.payment_source as { paypal?: Record<string, unknown> } | undefined)
      ?.paypal;
    const vaultId = typeof source?.vault_id === 'string' ? source.vault_id : undefined;
    const attributes = source?.attributes as { vault?: unknown } | undefined;
    const experience = source?.experience_context as
      { return_url?: string; cancel_url?: string } | undefined;
    const order: FakeOrder = {
      id: this.nextId('5O'),
      status: 'PAYER_ACTION_REQUIRED',
      amount: unit?.amount ?? { currency_code: 'USD', value: '0' },
      customId: unit?.custom_id ?? '',
      vault: attributes?.vault !== undefined,
      refunds: [],
      ...(experience?.return_url ? { returnUrl: experience.return_url } : {}),
      ...(experience?.cancel_url ? { cancelUrl: experience.cancel_url } : {}),
    };
    this.orders.set(order.id, order);
    if (vaultId) {
      // A vaulted wallet pays with no payer present: captured at once, or refused.
      if (!this.vault.has(vaultId))
        return { status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'INVALID_VAULT_ID' };
      order.vaultId = vaultId;
      this.settle(order);
      return { status: 201, body: this.view(order) };
    }
    return { status: 200, body: this.view(order) };
  }

  private settle(order: FakeOrder) {
    const outcome = this.nextCapture === 'INSTRUMENT_DECLINED' ? 'DECLINED' : this.nextCapture;
    order.status = 'COMPLETED';
    order.capture = {
      id: this.nextId('3C'),
      status: outcome,
      ...(outcome === 'PENDING' ? { reason: 'PENDING_REVIEW' } : {}),
    };
    if (order.vault && outcome === 'COMPLETED') {
      order.vaultId = this.nextId('8K');
      this.vault.add(order.vaultId);
    }
  }

  private captureOrder(id: string) {
    const order = this.orders.get(id);
    if (!order) return { status: 404, name: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' };
    if (order.status === 'COMPLETED')
      return { status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_ALREADY_CAPTURED' };
    if (order.status !== 'APPROVED')
      return { status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_NOT_APPROVED' };
    if (this.nextCapture === 'INSTRUMENT_DECLINED')
      return { status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'INSTRUMENT_DECLINED' };
    this.settle(order);
    return { status: 201, body: this.view(order) };
  }

  private refund(id: string, body: Record<string, unknown>) {
    const order = [...this.orders.values()].find((o) => o.capture?.id === id);
    if (!order?.capture)
      return { status: 404, name: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' };
    const refunded = order.refunds.reduce((sum, r) => sum + Number(r.amount.value), 0);
    const amount = (body.amount as Money | undefined) ?? {
      currency_code: order.amount.currency_code,
      value: (Number(order.amount.value) - refunded).toFixed(
        order.amount.value.includes('.') ? 2 : 0,
      ),
    };
    if (
      Number(amount.value) <= 0 ||
      refunded + Number(amount.value) > Number(order.amount.value) + 1e-9
    )
      return { status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'CAPTURE_FULLY_REFUNDED' };
    const refund = { id: this.nextId('1R'), amount };
    order.refunds.push(refund);
    order.capture.status =
      refunded + Number(amount.value) >= Number(order.amount.value)
        ? 'REFUNDED'
        : 'PARTIALLY_REFUNDED';
    return {
      status: 201,
      body: {
        id: refund.id,
        status: 'COMPLETED',
        amount,
        invoice_id: body.invoice_id,
        custom_id: body.custom_id,
        links: [
          { href: `${this.url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        ],
      },
    };
  }

  /** The signed string PayPal documents: transmission id, time, webhook id, CRC32 of the body. */
  private signature(transmissionId: string, time: string, webhookId: string, body: string): string {
    const payload = `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;
    // Hex: the document's pattern for transmission_sig refuses a leading `+` or `/` of base64.
    return createHmac('sha256', this.signingKey).update(payload).digest('hex');
  }

  private verify(body: Record<string, unknown>) {
    const expected = this.signature(
      String(body.transmission_id),
      String(body.transmission_time),
      String(body.webhook_id),
      JSON.stringify(body.webhook_event),
    );
    const ok = body.webhook_id === this.options.webhookId && body.transmission_sig === expected;
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  private captureView(order: FakeOrder) {
    const capture = order.capture;
    return {
      id: capture?.id,
      status: capture?.status,
      ...(capture?.reason ? { status_details: { reason: capture.reason } } : {}),
      amount: order.amount,
      custom_id: order.customId,
      invoice_id: order.customId,
      final_capture: true,
      links: [
        {
          href: `${this.url}/v2/payments/captures/${capture?.id ?? ''}`,
          rel: 'self',
          method: 'GET',
        },
      ],
    };
  }

  view(order: FakeOrder): Record<string, unknown> {
    const approve = `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [
        {
          reference_id: 'default',
          amount: order.amount,
          custom_id: order.customId,
          invoice_id: order.customId,
          ...(order.capture ? { payments: { captures: [this.captureView(order)] } } : {}),
        },
      ],
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? { links: [{ href: approve, rel: 'payer-action', method: 'GET' }] }
        : {
            links: [
              { href: `${this.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
            ],
          }),
      ...(order.status !== 'PAYER_ACTION_REQUIRED'
        ? {
            payment_source: {
              paypal: {
                account_id: 'QYR5Z8XDVJNXQ',
                ...(order.vaultId && order.vault
                  ? {
                      attributes: {
                        vault: {
                          id: order.vaultId,
                          status: 'VAULTED',
                          customer: { id: 'wxj1234' },
                        },
                      },
                    }
                  : {}),
              },
            },
          }
        : {}),
    };
  }

  /** A webhook event about a payment, its resource checked against PayPal's documents. */
  event(eventType: string, paymentId: string): string {
    const order = this.orderFor(paymentId);
    const id = `WH-${randomBytes(8).toString('hex').toUpperCase()}`;
    const [document, schema, resource] = this.resourceOf(eventType, order);
    if (schema) this.check(document, schema, resource, `${eventType} resource`);
    const event = {
      id,
      create_time: new Date().toISOString(),
      resource_type: eventType.split('.')[1]?.toLowerCase() ?? 'order',
      event_type: eventType,
      summary: eventType,
      resource,
      links: [
        { href: `${this.url}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
      ],
    };
    this.check('webhooks', 'event', event, `${eventType} event`);
    return JSON.stringify(event);
  }

  private resourceOf(
    eventType: string,
    order: FakeOrder,
  ): [string, string | undefined, Record<string, unknown>] {
    switch (eventType) {
      case 'CHECKOUT.ORDER.APPROVED':
        return ['orders', 'order', this.view(order)];
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
      case 'PAYMENT.CAPTURE.DENIED': {
        const status = { COMPLETED: 'COMPLETED', PENDING: 'PENDING', DENIED: 'DECLINED' }[
          eventType.split('.')[2] as 'COMPLETED'
        ];
        if (order.capture) order.capture = { id: order.capture.id, status };
        return ['payments', 'capture-2', this.captureView(order)];
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED':
        return [
          'payments',
          'refund',
          {
            id: this.nextId('1R'),
            status: 'COMPLETED',
            amount: order.amount,
            custom_id: order.customId,
            invoice_id: order.customId,
            note_to_payer: eventType.endsWith('REVERSED') ? 'Reversal of a chargeback' : 'Refund',
          },
        ];
      case 'VAULT.PAYMENT-TOKEN.CREATED':
        return [
          'vault',
          'payment_token_response',
          {
            id: order.vaultId ?? this.nextId('8K'),
            customer: { id: 'wxj1234' },
            payment_source: { paypal: { email_address: 'payer@example.com' } },
            metadata: { order_id: order.id },
          },
        ];
      default:
        // CUSTOMER.DISPUTE.CREATED: no dispute document is vendored; its envelope is checked.
        return [
          'webhooks',
          undefined,
          {
            dispute_id: this.nextId('PP-D-'),
            reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
            status: 'OPEN',
            dispute_amount: order.amount,
            disputed_transactions: [{ seller_transaction_id: order.capture?.id ?? '' }],
          },
        ];
    }
  }

  /** PayPal's transmission headers for a body, signed now (or at `time`). */
  headersFor(body: string, time = new Date()): Record<string, string> {
    const transmissionId = randomBytes(16).toString('hex');
    const transmissionTime = time.toISOString();
    return {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url':
        'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': this.signature(
        transmissionId,
        transmissionTime,
        this.options.webhookId,
        body,
      ),
    };
  }

  /** Sends an event about a payment the way PayPal's webhook does, and answers the reply. */
  async notify(eventType: string, paymentId: string): Promise<Delivery> {
    const body = this.event(eventType, paymentId);
    return this.options.deliver(body, this.headersFor(body));
  }
}
