import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { assertsSecondFactor } from '@checkout/core/contract';
import { loadEnv } from '../../env';
import { sandboxMail } from '../../mail/tables';
import { createTestApp, type TestApp } from '../../test-app';
import { enrolStaff, nextCode } from '../../test-support/staff';
import { auditLog, staffAccounts } from './tables';

const PASSWORD = 'correct horse battery';

/** One browser over two sites: the console, and the issuer (another api, over the network). */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly consoleApp: TestApp,
    private readonly issuerApp: TestApp,
    private readonly origin: string,
  ) {}

  async request(method: 'GET' | 'POST', url: string, payload?: object) {
    const target = new URL(url, this.origin);
    const provider =
      target.pathname.startsWith('/oidc') || target.pathname.startsWith('/api/identity/');
    const response = await (provider ? this.issuerApp : this.consoleApp).app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** "Sign in with the issuer", an account there for `email`, back to the console's callback. */
  async throughIssuer(email: string) {
    const start = await this.request('POST', '/api/console/issuer/login/', { lang: 'de' });
    expect(start.statusCode).toBe(200);
    const authorize = await this.request('GET', start.json<{ redirectUrl: string }>().redirectUrl);
    const uid = /\/account\/login\/([\w-]+)\/$/.exec(authorize.headers.location!)![1]!;
    await this.request('POST', `/api/identity/interactions/${uid}/signup`, {
      email,
      password: PASSWORD,
    });
    const [message] = await this.issuerApp.database.db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.to, email))
      .orderBy(desc(sandboxMail.id))
      .limit(1);
    const code = /\b(\d{8})\b/.exec(message!.body)![1]!;
    const verified = await this.request('POST', `/api/identity/interactions/${uid}/verify`, {
      email,
      code,
    });
    const resume = await this.request('GET', verified.json<{ redirect_to: string }>().redirect_to);
    return this.request('GET', resume.headers.location!);
  }

  /** The same, with the issuer's session still open: it answers without asking again. */
  async throughOpenSession() {
    const start = await this.request('POST', '/api/console/issuer/login/', { lang: 'de' });
    let step = await this.request('GET', start.json<{ redirectUrl: string }>().redirectUrl);
    while (!step.headers.location!.includes('/api/console/issuer/callback/')) {
      step = await this.request('GET', step.headers.location!);
    }
    return this.request('GET', step.headers.location!);
  }
}

describe('staff login through an external issuer', () => {
  let issuer: TestApp;
  let checkout: TestApp;
  let origin: string;
  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The project's own identity provider, in its own api, plays the operator's issuer.
    issuer = await createTestApp({ PUBLIC_ORIGIN: origin, LOGIN_RATE_LIMIT_MAX: '1000' });
    await issuer.app.listen({ port, host: '127.0.0.1' });
    checkout = await createTestApp({
      PUBLIC_ORIGIN: origin,
      LOGIN_RATE_LIMIT_MAX: '1000',
      CONSOLE_OIDC_ISSUER: `${origin}/oidc`,
      CONSOLE_OIDC_CLIENT_ID: 'checkout',
      CONSOLE_OIDC_CLIENT_SECRET: 'checkout-client-secret-change-me',
    });
  });
  afterAll(async () => {
    await checkout?.close();
    await issuer?.close();
  });

  it('logs an enrolled member in with their role, then asks the console code the issuer did not', async () => {
    const { secret } = await enrolStaff(
      () => checkout.app,
      checkout.database.db,
      'ops.staff@gmail.com',
      'finance',
    );
    const browser = new Browser(checkout, issuer, origin);
    const offered = await browser.request('GET', '/api/console/issuer/');
    expect(offered.json()).toEqual({ issuer: new URL(origin).host });

    const callback = await browser.throughIssuer('ops.staff@gmail.com');
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`${origin}/console/de/?issuer=code`);
    // Not in yet: the issuer asserted no second factor.
    expect((await browser.request('GET', '/api/console/session/')).statusCode).toBe(401);

    const code = await nextCode(secret);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await browser.request('POST', '/api/console/issuer/code/', { code: wrong });
    expect(refused.statusCode).toBe(401);
    expect((await browser.request('GET', '/api/console/session/')).statusCode).toBe(401);

    // A wrong code ends the attempt: back through the issuer (its session is still open).
    const again = await browser.throughOpenSession();
    expect(again.headers.location).toBe(`${origin}/console/de/?issuer=code`);
    const done = await browser.request('POST', '/api/console/issuer/code/', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: 'ops.staff@gmail.com', role: 'finance' });
    expect((await browser.request('GET', '/api/console/session/')).json()).toMatchObject({
      role: 'finance',
    });
  });

  it('refuses a person who is no staff member, with an audit entry, and opens no session', async () => {
    const browser = new Browser(checkout, issuer, origin);
    const callback = await browser.throughIssuer('stranger@gmail.com');
    expect(callback.headers.location).toBe(`${origin}/console/de/?issuer=refused`);
    expect((await browser.request('GET', '/api/console/session/')).statusCode).toBe(401);
    const code = await browser.request('POST', '/api/console/issuer/code/', { code: '123456' });
    expect(code.statusCode).toBe(401);
    const [entry] = await checkout.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.staffEmail, 'stranger@gmail.com'));
    expect(entry).toMatchObject({
      action: 'staff.issuer_login_refused',
      subject: `issuer:${new URL(origin).host}`,
      after: { reason: 'no staff member has this e-mail' },
    });
  });

  it('refuses a disabled member, with an audit entry, though the issuer knows them', async () => {
    const { member } = await enrolStaff(
      () => checkout.app,
      checkout.database.db,
      'gone.staff@gmail.com',
      'support',
    );
    await checkout.database.db
      .update(staffAccounts)
      .set({ disabledAt: new Date() })
      .where(eq(staffAccounts.id, member.id));
    const browser = new Browser(checkout, issuer, origin);
    const callback = await browser.throughIssuer('gone.staff@gmail.com');
    expect(callback.headers.location).toBe(`${origin}/console/de/?issuer=refused`);
    expect((await browser.request('GET', '/api/console/session/')).statusCode).toBe(401);
    const [entry] = await checkout.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.staffId, member.id));
    expect(entry).toMatchObject({
      action: 'staff.issuer_login_refused',
      after: { reason: 'disabled' },
    });
  });

  it('refuses a callback without the browser that started it', async () => {
    const browser = new Browser(checkout, issuer, origin);
    const start = await browser.request('POST', '/api/console/issuer/login/', { lang: 'en' });
    const state = new URL(start.json<{ redirectUrl: string }>().redirectUrl).searchParams.get(
      'state',
    );
    const other = new Browser(checkout, issuer, origin);
    const callback = await other.request(
      'GET',
      `/api/console/issuer/callback/?state=${state}&code=forged`,
    );
    expect(callback.headers.location).toBe(`${origin}/console/en/?issuer=failed`);
  });
});

describe('the staff issuer setting', () => {
  it('asks no console code when the issuer asserts a second factor (amr)', () => {
    expect(assertsSecondFactor(['pwd'])).toBe(false);
    expect(assertsSecondFactor([])).toBe(false);
    for (const method of ['mfa', 'otp', 'hwk']) {
      expect(assertsSecondFactor(['pwd', method])).toBe(true);
    }
  });

  it('refuses half a configuration, and production over http', () => {
    expect(() => loadEnv({ CONSOLE_OIDC_ISSUER: 'https://id.example.com' })).toThrow(
      /CONSOLE_OIDC_CLIENT_ID[\s\S]*CONSOLE_OIDC_CLIENT_SECRET/,
    );
    expect(() =>
      loadEnv({
        NODE_ENV: 'production',
        CONSOLE_OIDC_ISSUER: 'http://id.example.com',
        CONSOLE_OIDC_CLIENT_ID: 'console',
        CONSOLE_OIDC_CLIENT_SECRET: 'a-console-client-secret-0000',
      }),
    ).toThrow(/CONSOLE_OIDC_ISSUER \(set\): must be https in production/);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
