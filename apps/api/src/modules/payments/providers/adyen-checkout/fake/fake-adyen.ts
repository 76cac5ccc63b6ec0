/**
 * Test only: a stateful fake of Adyen's Checkout API v71 and its standard webhooks, an HTTP
 * server the tests start. Every request is checked against Adyen's published Checkout document
 * (a request that does not validate is answered 422 and recorded as a violation, which fails
 * the test), and every answer and notification it sends is checked against the documents
 * before it leaves. Test cards follow Adyen's test-card conventions (`test_<number>` in the
 * encrypted fields).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { violationsOf } from './openapi';
import { adyenSignature } from './signing';

/** Adyen's test cards the fake knows: what each does at /payments. */
export const TEST_CARDS = {
  visa: '4111111111111111',
  /** A 3D Secure 2 card: /payments asks for a challenge. */
  challenge: '4212345678910006',
  /** Declined by the issuer. */
  declined: '4000000000000002',
} as const;

const ENDPOINTS: Record<string, { request: string; response: string; status: number }> = {
  '/paymentMethods': {
    request: 'PaymentMethodsRequest',
    response: 'PaymentMethodsResponse',
    status: 200,
  },
  '/payments': { request: 'PaymentRequest', response: 'PaymentResponse', status: 200 },
  '/payments/details': {
    request: 'PaymentDetailsRequest',
    response: 'PaymentDetailsResponse',
    status: 200,
  },
  '/refunds': { request: 'PaymentRefundRequest', response: 'PaymentRefundResponse', status: 201 },
  '/cancels': { request: 'PaymentCancelRequest', response: 'PaymentCancelResponse', status: 201 },
  '/standalone-cancels': {
    request: 'StandalonePaymentCancelRequest',
    response: 'StandalonePaymentCancelResponse',
    status: 201,
  },
};

/** Where Adyen offers each method type it knows: countries, currencies (empty: any). */
const AVAILABILITY: Record<string, { countries: string[]; currencies: string[]; name: string }> = {
  scheme: { countries: [], currencies: [], name: 'Cards' },
  applepay: { countries: [], currencies: [], name: 'Apple Pay' },
  googlepay: { countries: [], currencies: [], name: 'Google Pay' },
  ideal: { countries: ['NL'], currencies: ['EUR'], name: 'iDEAL' },
  bcmc: { countries: ['BE'], currencies: ['EUR'], name: 'Bancontact card' },
  blik: { countries: ['PL'], currencies: ['PLN'], name: 'BLIK' },
  pix: { countries: ['BR'], currencies: ['BRL'], name: 'Pix' },
  klarna: { countries: ['DE', 'AT', 'NL', 'SE'], currencies: ['EUR', 'SEK'], name: 'Klarna' },
  directEbanking: { countries: ['DE', 'AT'], currencies: ['EUR'], name: 'Sofort' },
  twint: { countries: ['CH'], currencies: ['CHF'], name: 'TWINT' },
  vipps: { countries: ['NO'], currencies: ['NOK'], name: 'Vipps' },
  unionpay: { countries: ['CN', 'HK'], currencies: ['CNY', 'HKD'], name: 'UnionPay' },
  kakaopay: { countries: ['KR'], currencies: ['KRW'], name: 'KakaoPay' },
  gopay_wallet: { countries: ['ID'], currencies: ['IDR'], name: 'GoPay' },
  grabpay_SG: { countries: ['SG'], currencies: ['SGD'], name: 'GrabPay' },
  momo_wallet: { countries: ['VN'], currencies: ['VND'], name: 'MoMo' },
};
/** The wallets' configuration on the merchant account, as /paymentMethods lists it. */
export const WALLET_CONFIGURATION: Record<string, Record<string, string>> = {
  applepay: { merchantId: 'merchant.com.adyen.AegisECOM', merchantName: 'AegisECOM' },
  googlepay: { merchantId: 'BCR2DN4T1234567', gatewayMerchantId: 'AegisECOM' },
};
const CARD_BRANDS: Record<string, string[]> = {
  FR: ['visa', 'mc', 'cartebancaire'],
  DK: ['visa', 'mc', 'dankort'],
};

/**
 * The issuer's challenge page (ACS) and the 3-D Secure server's notification page a challenge
 * names in its token, as adyen-web reads it; browser tests stand in for both.
 */
export const FAKE_ACS_URL = 'https://acs.issuer.example/challenge';
export const FAKE_3DS_NOTIFICATION_URL =
  'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDSNotification';

/** Pending first, then notified: the shopper confirms in another app. */
const ASYNC_TYPES = new Set(['pix', 'blik']);

interface FakePayment {
  pspReference: string;
  reference: string;
  amount: { value: number; currency: string };
  type: string;
  resultCode: string;
  /** The shopper's answer at the redirect or challenge: what /payments/details says. */
  onDetails?: 'Authorised' | 'Refused';
  /** A card to store for this shopper reference once the challenge is passed. */
  storeFor?: { shopperReference: string; last4: string };
}

export interface Delivery {
  status: number;
  body: string;
}

export interface FakeAdyenOptions {
  merchantAccount: string;
  apiKey: string;
  hmacKey: string;
  /** Posts a notification body to the checkout's webhook address (with basic auth). */
  deliver: (body: string) => Promise<Delivery>;
}

export class FakeAdyen {
  readonly violations: string[] = [];
  readonly requests: { path: string; body: Record<string, unknown>; idempotencyKey?: string }[] =
    [];
  readonly payments = new Map<string, FakePayment>();
  /** Stored methods by shopperReference. */
  readonly stored = new Map<string, Set<string>>();
  /** Answers to repeated idempotency keys, as Adyen replays them. */
  private readonly replays = new Map<string, { status: number; body: unknown }>();
  /** Methods /paymentMethods leaves out, to show the listing follows it. */
  readonly withdrawn = new Set<string>();
  /** The wallets' configuration /paymentMethods lists (a test may spoil or remove one). */
  readonly walletConfiguration: Record<string, Record<string, string>> =
    structuredClone(WALLET_CONFIGURATION);
  /** The next requests fail: Adyen answers 500, drops the connection, or never answers. */
  outage: 'none' | 'error' | 'drop' | 'hang' = 'none';
  private server: Server | undefined;
  private psp = 0;
  url = '';

  constructor(private readonly options: FakeAdyenOptions) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/v71`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private nextPsp(): string {
    this.psp += 1;
    return `FAKE${String(this.psp).padStart(12, '0')}`;
  }

  /** The payment the fake knows by our reference (our payment id). */
  paymentFor(reference: string): FakePayment {
    const found = [...this.payments.values()].find((p) => p.reference === reference);
    if (!found) throw new Error(`fake Adyen: no payment ${reference}`);
    return found;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown, schema?: string) => {
      if (schema) this.check('checkout', schema, body, `answer of ${request.url ?? ''}`);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const fail = (status: number, errorCode: string, message: string) =>
      send(status, { status, errorCode, message, errorType: 'validation' }, 'ServiceError');
    if (this.outage === 'hang') return;
    if (this.outage === 'drop') {
      request.socket.destroy();
      return;
    }
    if (this.outage === 'error') return fail(500, '905', 'Payment details are not supported');
    if (request.headers['x-api-key'] !== this.options.apiKey)
      return fail(401, '000', 'HTTP Status Response - Unauthorized');
    const path = (request.url ?? '').replace(/^\/v71/, '');
    const modification = /^\/payments\/(\w+)\/(refunds|cancels)$/.exec(path);
    const endpoint = modification
      ? `/${modification[2] ?? ''}`
      : path === '/cancels'
        ? '/standalone-cancels'
        : path;
    const spec = ENDPOINTS[endpoint];
    if (request.method !== 'POST' || !spec) return fail(404, '000', `No such endpoint ${path}`);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return fail(400, '702', 'Unparsable request');
    }
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ path, body, idempotencyKey });
    const problems = violationsOf('checkout', spec.request, body);
    if (!idempotencyKey) problems.push(`${path}: no Idempotency-Key header`);
    // Every request but /payments/details names the merchant account.
    if (endpoint !== '/payments/details' && body.merchantAccount !== this.options.merchantAccount)
      problems.push(`${path}: merchantAccount ${String(body.merchantAccount)}`);
    if (problems.length > 0) {
      this.violations.push(...problems);
      return fail(422, '14_0', problems.join('; '));
    }
    const replayed = idempotencyKey && this.replays.get(`${path}:${idempotencyKey}`);
    if (replayed) return send(replayed.status, replayed.body, spec.response);
    const answer = this.answer(endpoint, body, modification?.[1]);
    if ('errorCode' in answer) return fail(422, String(answer.errorCode), String(answer.message));
    if (idempotencyKey)
      this.replays.set(`${path}:${idempotencyKey}`, { status: spec.status, body: answer });
    send(spec.status, answer, spec.response);
  }

  private check(document: 'checkout' | 'webhooks', schema: string, value: unknown, what: string) {
    const problems = violationsOf(document, schema, value);
    if (problems.length > 0) this.violations.push(`${what}: ${problems.join('; ')}`);
  }

  private answer(
    endpoint: string,
    body: Record<string, unknown>,
    psp?: string,
  ): Record<string, unknown> {
    switch (endpoint) {
      case '/paymentMethods':
        return this.methods(body);
      case '/payments':
        return this.pay(body);
      case '/payments/details':
        return this.details(body);
      case '/refunds':
      case '/cancels': {
        const payment = this.payments.get(psp ?? '');
        if (!payment) return { errorCode: '167', message: 'Original pspReference required' };
        return {
          merchantAccount: this.options.merchantAccount,
          paymentPspReference: payment.pspReference,
          pspReference: this.nextPsp(),
          status: 'received',
          ...(endpoint === '/refunds' ? { amount: body.amount } : {}),
          ...(body.reference ? { reference: body.reference } : {}),
        };
      }
      default:
        return {
          merchantAccount: this.options.merchantAccount,
          paymentReference: body.paymentReference,
          pspReference: this.nextPsp(),
          status: 'received',
        };
    }
  }

  private methods(body: Record<string, unknown>): Record<string, unknown> {
    const country = typeof body.countryCode === 'string' ? body.countryCode : '';
    const currency = String((body.amount as { currency?: string } | undefined)?.currency ?? '');
    const offered = Object.entries(AVAILABILITY).filter(
      ([type, where]) =>
        !this.withdrawn.has(type) &&
        (where.countries.length === 0 || where.countries.includes(country)) &&
        (where.currencies.length === 0 || where.currencies.includes(currency)),
    );
    return {
      paymentMethods: offered.map(([type, { name }]) =>
        type === 'scheme'
          ? { type, name, brands: CARD_BRANDS[country] ?? ['visa', 'mc'] }
          : {
              type,
              name,
              ...(this.walletConfiguration[type]
                ? { configuration: this.walletConfiguration[type] }
                : {}),
            },
      ),
    };
  }

  private pay(body: Record<string, unknown>): Record<string, unknown> {
    const method = body.paymentMethod as Record<string, string>;
    const amount = body.amount as { value: number; currency: string };
    const reference = String(body.reference);
    const pspReference = this.nextPsp();
    const payment: FakePayment = {
      pspReference,
      reference,
      amount,
      type: method.type ?? '',
      resultCode: '',
    };
    this.payments.set(pspReference, payment);
    const base = { pspReference, merchantReference: reference, amount };
    const number = (method.encryptedCardNumber ?? '').replace(/^test_/, '');
    const stored = method.storedPaymentMethodId;
    if (stored) {
      const known = this.stored.get(String(body.shopperReference))?.has(stored);
      if (!known)
        return {
          ...this.settle(payment, 'Refused'),
          ...base,
          refusalReason: 'Invalid Card Number',
          refusalReasonCode: '8',
        };
      return { ...this.settle(payment, 'Authorised'), ...base };
    }
    if (method.type === 'scheme' || method.type === 'bcmc') {
      if (number === TEST_CARDS.declined)
        return {
          ...this.settle(payment, 'Refused'),
          ...base,
          refusalReason: 'Refused',
          refusalReasonCode: '2',
        };
      if (number === TEST_CARDS.challenge) {
        payment.resultCode = 'ChallengeShopper';
        payment.onDetails = 'Authorised';
        if (body.storePaymentMethod === true && typeof body.shopperReference === 'string')
          payment.storeFor = { shopperReference: body.shopperReference, last4: number.slice(-4) };
        return {
          ...base,
          resultCode: 'ChallengeShopper',
          action: {
            type: 'threeDS2',
            subtype: 'challenge',
            paymentMethodType: 'scheme',
            token: Buffer.from(
              JSON.stringify({
                acsTransID: randomBytes(16).toString('hex'),
                acsURL: FAKE_ACS_URL,
                messageVersion: '2.2.0',
                threeDSNotificationURL: FAKE_3DS_NOTIFICATION_URL,
                threeDSServerTransID: randomBytes(16).toString('hex'),
              }),
            ).toString('base64'),
            authorisationToken: this.authorisationTokenOf(pspReference),
            paymentData: pspReference,
          },
        };
      }
      const answer = { ...this.settle(payment, 'Authorised'), ...base };
      if (body.storePaymentMethod === true && typeof body.shopperReference === 'string')
        return { ...answer, additionalData: this.store(payment, body.shopperReference, number) };
      return {
        ...answer,
        additionalData: {
          cardSummary: number.slice(-4),
          expiryDate: '3/2030',
          paymentMethod: 'visa',
        },
      };
    }
    if (method.type === 'applepay' || method.type === 'googlepay')
      return { ...this.settle(payment, 'Authorised'), ...base };
    if (ASYNC_TYPES.has(payment.type)) {
      payment.resultCode = 'Pending';
      // paymentData: what adyen-web's status check names the payment by.
      const paymentData = Buffer.from(`wait:${pspReference}`).toString('base64');
      const action =
        payment.type === 'pix'
          ? {
              type: 'qrCode',
              paymentMethodType: 'pix',
              qrCodeData: `00020126PIX${pspReference}`,
              paymentData,
            }
          : { type: 'await', paymentMethodType: 'blik', paymentData };
      return { ...base, resultCode: 'Pending', action };
    }
    payment.resultCode = 'RedirectShopper';
    payment.onDetails = 'Authorised';
    return {
      ...base,
      resultCode: 'RedirectShopper',
      action: {
        type: 'redirect',
        method: 'GET',
        paymentMethodType: payment.type,
        url: `https://checkoutshopper-test.adyen.com/checkoutshopper/checkoutPaymentRedirect?redirectData=${pspReference}`,
      },
    };
  }

  /** Keeps the payment's card for the shopper: the stored method's reference and card. */
  private store(payment: FakePayment, shopperReference: string, number: string) {
    const id = `STORED${payment.pspReference}`;
    const set = this.stored.get(shopperReference) ?? new Set<string>();
    this.stored.set(shopperReference, set.add(id));
    return {
      'recurring.recurringDetailReference': id,
      cardSummary: number.slice(-4),
      expiryDate: '3/2030',
      paymentMethod: 'visa',
    };
  }

  private settle(
    payment: FakePayment,
    resultCode: 'Authorised' | 'Refused',
  ): Record<string, unknown> {
    payment.resultCode = resultCode;
    return { resultCode };
  }

  /** What the issuer's or bank's page hands back to the returnUrl: the shopper's answer. */
  redirectResultFor(reference: string, answer: 'Authorised' | 'Refused' = 'Authorised'): string {
    const payment = this.paymentFor(reference);
    payment.onDetails = answer;
    return Buffer.from(payment.pspReference).toString('base64');
  }

  /**
   * The payload Adyen's status check hands adyen-web once the shopper confirmed a Pix or BLIK
   * payment in their app (the wait's paymentData names the payment).
   */
  payloadFor(reference: string, answer: 'Authorised' | 'Refused' = 'Authorised'): string {
    const payment = this.paymentFor(reference);
    payment.onDetails = answer;
    return Buffer.from(payment.pspReference).toString('base64');
  }

  /** The challenge's authorisation token: names its payment, as Adyen's does for Adyen. */
  private authorisationTokenOf(pspReference: string): string {
    return Buffer.from(`auth:${pspReference}`).toString('hex');
  }

  /**
   * What a redirect or challenge result names: the payment, and the shopper's answer when
   * adyen-web's challenge result carries one (transStatus Y or N, with the authorisation token).
   */
  private resultOf(token: string): { psp: string; answer?: 'Authorised' | 'Refused' } {
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    try {
      const result = JSON.parse(decoded) as { transStatus?: string; authorisationToken?: string };
      const psp = Buffer.from(result.authorisationToken ?? '', 'hex')
        .toString('utf8')
        .replace(/^auth:/, '');
      return { psp, answer: result.transStatus === 'Y' ? 'Authorised' : 'Refused' };
    } catch {
      return { psp: decoded };
    }
  }

  private details(body: Record<string, unknown>): Record<string, unknown> {
    const details = body.details as Record<string, string>;
    const { psp, answer } = this.resultOf(
      details.redirectResult ?? details.threeDSResult ?? details.payload ?? '',
    );
    const payment = this.payments.get(psp);
    if (!payment?.onDetails) return { errorCode: '101', message: 'Invalid payment details' };
    const resultCode = answer ?? payment.onDetails;
    payment.resultCode = resultCode;
    payment.onDetails = undefined;
    const keep = resultCode === 'Authorised' ? payment.storeFor : undefined;
    return {
      resultCode,
      pspReference: payment.pspReference,
      merchantReference: payment.reference,
      ...(resultCode === 'Refused' ? { refusalReason: 'Refused', refusalReasonCode: '2' } : {}),
      ...(keep ? { additionalData: this.store(payment, keep.shopperReference, keep.last4) } : {}),
    };
  }

  /** A standard notification, validated against the Webhooks document and signed. */
  notification(
    eventCode: string,
    schema: string,
    payment: FakePayment,
    fields: {
      success?: boolean;
      pspReference?: string;
      reason?: string;
      originalReference?: string;
      originalPsp?: string;
    } = {},
  ): string {
    const item = {
      amount: payment.amount,
      eventCode,
      eventDate: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
      merchantAccountCode: this.options.merchantAccount,
      merchantReference: payment.reference,
      pspReference: fields.pspReference ?? payment.pspReference,
      ...(fields.originalReference ? { originalReference: fields.originalReference } : {}),
      ...(fields.originalPsp ? { originalPsp: fields.originalPsp } : {}),
      success: String(fields.success ?? true),
      paymentMethod: payment.type === 'scheme' ? 'visa' : payment.type,
      reason: fields.reason ?? '',
    };
    const signed = {
      ...item,
      additionalData: { hmacSignature: adyenSignature(this.options.hmacKey, item) },
    };
    const body = { live: 'false', notificationItems: [{ NotificationRequestItem: signed }] };
    // The document's RECURRING_CONTRACT additionalData omits hmacSignature, which Adyen sends
    // on every item: that one event is checked as it is before signing.
    const checked =
      eventCode === 'RECURRING_CONTRACT'
        ? { ...body, notificationItems: [{ NotificationRequestItem: item }] }
        : body;
    this.check('webhooks', schema, checked, `${eventCode} notification`);
    return JSON.stringify(body);
  }

  /** Sends an event about a payment the way Adyen's webhook does, and answers the reply. */
  async notify(
    eventCode: keyof typeof SCHEMAS,
    reference: string,
    fields: { success?: boolean; reason?: string } = {},
  ): Promise<Delivery> {
    const payment = this.paymentFor(reference);
    const schema = SCHEMAS[eventCode];
    const modification = eventCode !== 'AUTHORISATION';
    if (eventCode === 'AUTHORISATION')
      payment.resultCode = fields.success === false ? 'Refused' : 'Authorised';
    // A stored method's contract names the payment that stored it as originalPsp.
    const references =
      eventCode === 'RECURRING_CONTRACT'
        ? { pspReference: `STORED${payment.pspReference}`, originalPsp: payment.pspReference }
        : modification
          ? { pspReference: this.nextPsp(), originalReference: payment.pspReference }
          : {};
    const body = this.notification(eventCode, schema, payment, { ...fields, ...references });
    return this.options.deliver(body);
  }
}

const SCHEMAS = {
  AUTHORISATION: 'AuthorisationNotificationRequest',
  CAPTURE: 'CaptureNotificationRequest',
  CANCELLATION: 'CancellationNotificationRequest',
  REFUND: 'RefundNotificationRequest',
  REFUND_FAILED: 'RefundCaptureFailedNotificationRequest',
  CHARGEBACK: 'ChargebackNotificationRequest',
  RECURRING_CONTRACT: 'RecurringContractNotificationRequest',
} as const;
