import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { CartView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../test-app';
import { sandboxMail } from '../mail/tables';
import { OidcClient } from '../modules/users/oidc-client';
import { loggableError } from './logger';

const ORIGIN = 'http://checkout.test';
const EMAIL = 'logged.shopper@gmail.com';
const PASSWORD = 'correct horse battery staple';
const CARD = '4242424242424242';
const HOLDER = 'Annabel Whitlock';
const POSTAL_CODE = '94110';
const BAD_POSTAL_CODE = '94999';

/** One browser: its cookies, sent on every request (paths ignored: all are ours). */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(private readonly t: TestApp) {}

  async request(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) {
    const target = new URL(url, ORIGIN);
    const response = await this.t.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        ...headers,
        host: target.host,
        origin: ORIGIN,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    for (const cookie of response.cookies as { name: string; value: string }[]) {
      this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}

describe('the api log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { PUBLIC_ORIGIN: ORIGIN, LOG_LEVEL: 'debug', SANDBOX_WEBHOOK_DELAY_MS: '0' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('holds no e-mail, PKCE verifier, state, nonce, card, name or postal code over a whole journey, and names a failed statement', async () => {
    const authorization = vi.spyOn(OidcClient.prototype, 'authorizationUrl');
    const browser = new Browser(t);

    // Sign-up through the built-in identity provider, with the mailed code.
    const login = await browser.request('POST', '/api/users/auth/login/', {
      login_target: '/payment/',
    });
    const screen = (
      await browser.request('GET', login.json<{ redirect_uri: string }>().redirect_uri)
    ).headers.location!;
    const uid = /\/account\/login\/([\w-]+)\/$/.exec(screen)![1]!;
    await browser.request('POST', `/api/identity/interactions/${uid}/signup`, {
      email: EMAIL,
      password: PASSWORD,
    });
    const [mail] = await t.database.db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.to, EMAIL))
      .orderBy(desc(sandboxMail.id))
      .limit(1);
    const code = /Your code is (\d{8})/.exec(mail!.body)![1]!;
    const verified = await browser.request('POST', `/api/identity/interactions/${uid}/verify`, {
      email: EMAIL,
      code,
    });
    const resume = await browser.request(
      'GET',
      verified.json<{ redirect_to: string }>().redirect_to,
    );
    const callback = await browser.request('GET', resume.headers.location!);
    expect(callback.headers.location).toBe(`${ORIGIN}/payment/`);
    expect(browser.cookies.has('token')).toBe(true);

    // A purchase with a card token.
    const cart = (
      await browser.request('POST', '/api/carts/', {
        mainPlan: 'vpn-basic-1y',
        currency: 'USD',
        country: 'US',
        region: 'US-CA',
        postalCode: POSTAL_CODE,
        email: EMAIL,
      })
    ).json<CartView>();
    const tokens = await browser.request('POST', '/api/sandbox/tokens/', {
      number: CARD,
      expiry: '12 / 30',
      cvc: '123',
      name: HOLDER,
    });
    const paid = await browser.request(
      'POST',
      '/api/payments/',
      {
        cartId: cart.id,
        provider: 'adyen_card',
        returnPath: '/processing/',
        cardToken: tokens.json<{ token: string }>().token,
      },
      { 'idempotency-key': `log-journey-${cart.id}` },
    );
    expect(paid.json<PaymentAction>().type).toBe('done');

    // Failed queries: a statement the database refuses (a check constraint), once with the
    // shopper's address in its parameters, once with a login's PKCE verifier, state and nonce.
    await t.database.db.execute(
      sql.raw(
        `alter table carts add constraint no_test_postal check (postal_code <> '${BAD_POSTAL_CODE}')`,
      ),
    );
    const other = (
      await browser.request('POST', '/api/carts/', {
        mainPlan: 'vpn-basic-1y',
        currency: 'USD',
        country: 'US',
        email: EMAIL,
      })
    ).json<CartView>();
    const refused = await browser.request('PATCH', `/api/carts/${other.id}/`, {
      region: 'US-CA',
      postalCode: BAD_POSTAL_CODE,
    });
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain(EMAIL);
    await t.database.db.execute(
      sql.raw('alter table auth_attempts add constraint no_attempts check (length(state) < 0)'),
    );
    const failedLogin = await browser.request('POST', '/api/users/auth/login/', {});
    expect(failedLogin.statusCode).toBe(500);

    const secrets = await Promise.all(
      authorization.mock.results.map((r) => r.value as ReturnType<OidcClient['authorizationUrl']>),
    );
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    const log = lines.join('');
    const forbidden = [
      EMAIL,
      PASSWORD,
      CARD,
      '4242 4242',
      HOLDER,
      POSTAL_CODE,
      BAD_POSTAL_CODE,
      code,
      ...secrets.flatMap(({ codeVerifier, state, nonce }) => [codeVerifier, state, nonce]),
    ];
    // A digits-only value (postal code, mailed code) counts as a number of its own, not as a run
    // of digits inside a timestamp or a response time ("7.580194999999549" holds no 94999).
    const holds = (value: string) =>
      /^\d+$/.test(value)
        ? new RegExp(`(?<![\\d.])${value}(?!\\d)`).test(log)
        : log.includes(value);
    for (const value of forbidden) expect(holds(value), `log holds ${value}`).toBe(false);

    // The operator still learns which statement failed and why: its name and SQLSTATE.
    const failures = lines
      .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
      .filter((entry) => entry.msg === 'unhandled error');
    expect(failures).toHaveLength(2);
    for (const { err } of failures) {
      expect(err).toMatchObject({ type: 'QueryFailed', sqlstate: '23514' });
      expect(err?.statement).toMatch(/^q_[0-9a-f]{20}$/);
    }
    expect(failures.map(({ err }) => err?.constraint)).toEqual(['no_test_postal', 'no_attempts']);
  });

  it('redacts personal fields in logged objects, and blanks addresses and card numbers in error messages', () => {
    lines.length = 0;
    t.app.log.warn(
      { cart: { email: EMAIL, postalCode: POSTAL_CODE }, headers: { cookie: 'token=abc' } },
      'a note',
    );
    const entry = JSON.parse(lines.join('')) as Record<string, Record<string, unknown>>;
    expect(entry.cart).toEqual({ email: '[redacted]', postalCode: '[redacted]' });
    expect(entry.headers).toEqual({ cookie: '[redacted]' });

    const error = new Error(`no account for ${EMAIL}, card 4242 4242 4242 4242`, {
      cause: new Error(`mail to ${EMAIL} bounced`),
    });
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain(EMAIL);
    expect(logged).not.toContain('4242 4242');
    expect(loggableError(error)).toMatchObject({
      type: 'Error',
      message: 'no account for [email], card [digits]',
      cause: { message: 'mail to [email] bounced' },
    });
  });
});
