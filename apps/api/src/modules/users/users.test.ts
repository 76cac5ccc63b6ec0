import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, isNotNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import {
  CHALLENGE_HEADER,
  type DashboardView,
  type InteractionView,
} from '@checkout/core/contract';
import type { CartView } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { accountByEmail } from '../identity/accounts';
import { purgeExpiredIdentity } from '../identity/housekeeping';
import { issueSignupCode } from '../identity/signup-codes';
import { sandboxMail } from '../../mail/tables';
import { oidcModels } from '../identity/tables';
import { purgeExpiredSessions } from './housekeeping';
import { mintTrustedPass, TRUSTED_PASS_TYPE } from '../identity/trusted-pass';
import { moveOrder } from '../payments/outcome';
import { orders } from '../orders/tables';

const ORIGIN = 'http://checkout.test';
const SECRET = 'trusted-pass-secret-for-the-tests-000000';
const PASSWORD = 'correct horse battery';

/** One browser: its cookies, sent on every request (paths ignored: all are ours). */
class Browser {
  readonly cookies = new Map<string, string>();
  /** `identity`: a separate api serving the identity provider's paths (an external issuer). */
  constructor(
    private readonly t: TestApp,
    private readonly identity?: TestApp,
    private readonly origin = ORIGIN,
  ) {}

  private appFor(path: string): TestApp {
    const provider = path.startsWith('/oidc') || path.startsWith('/api/identity/');
    return provider && this.identity ? this.identity : this.t;
  }

  async request(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const target = new URL(url, this.origin);
    const response = await this.appFor(target.pathname).app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        ...headers,
        host: target.host,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Starts a login at the checkout and follows it to the identity provider's screen. */
  async startLogin(body: Record<string, unknown> = {}) {
    const login = await this.request('POST', '/api/users/auth/login/', body);
    expect(login.statusCode).toBe(200);
    const authorize = await this.request(
      'GET',
      login.json<{ redirect_uri: string }>().redirect_uri,
    );
    return authorize.headers.location!;
  }

  /** Follows the provider's resume to the callback; returns the callback's answer. */
  async finish(redirectTo: string) {
    const resume = await this.request('GET', redirectTo);
    expect(resume.statusCode).toBe(303);
    const callback = resume.headers.location!;
    return { callback, response: await this.request('GET', callback) };
  }
}

const uidOf = (screen: string) => /\/account\/login\/([\w-]+)\/$/.exec(screen)![1]!;

describe('login through the built-in identity provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Every test logs in from the same address: the per-address limit is tested on its own app.
    t = await createTestApp({
      PUBLIC_ORIGIN: ORIGIN,
      TRUSTED_PASS_SECRET: SECRET,
      LOGIN_RATE_LIMIT_MAX: '1000',
    });
  });
  afterAll(() => t.close());

  async function signUp(browser: Browser, email: string, mail: TestApp = t) {
    const screen = await browser.startLogin({
      language: 'de',
      login_target: '/payment/?product_group=vpn',
    });
    expect(screen).toMatch(new RegExp(`^${ORIGIN}/de/account/login/[\\w-]+/$`));
    const uid = uidOf(screen);
    const signup = await browser.request('POST', `/api/identity/interactions/${uid}/signup`, {
      email,
      password: PASSWORD,
    });
    expect(signup.json()).toEqual({ screen: 'verify', email });
    const [message] = await mail.database.db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.to, email))
      .orderBy(desc(sandboxMail.id))
      .limit(1);
    const code = /\b(\d{8})\b/.exec(message!.body)![1]!;
    const wrong = await browser.request('POST', `/api/identity/interactions/${uid}/verify`, {
      email,
      code: code === '00000000' ? '11111111' : '00000000',
    });
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid_code' } });
    const verified = await browser.request('POST', `/api/identity/interactions/${uid}/verify`, {
      email,
      code,
    });
    expect(verified.statusCode).toBe(200);
    return browser.finish(verified.json<{ redirect_to: string }>().redirect_to);
  }

  // Sign-up codes came in English to every shopper (issue 27.14).
  it('mails the sign-up code in the language the login started in', async () => {
    const browser = new Browser(t);
    const uid = uidOf(await browser.startLogin({ language: 'ar' }));
    const email = 'arabic.shopper@gmail.com';
    await browser.request('POST', `/api/identity/interactions/${uid}/signup`, {
      email,
      password: PASSWORD,
    });
    const [message] = await t.database.db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.to, email));
    expect(message!.subject).toBe('رمز التسجيل الخاص بك');
    expect(message!.body).toMatch(/^رمزك هو \d{8}\. وهو صالح لمدة 15 دقيقة\./);
  });

  it('signs up with a mailed code, logs in, and sets an HttpOnly token cookie', async () => {
    const browser = new Browser(t);
    const { response } = await signUp(browser, 'new.user@gmail.com');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/payment/?product_group=vpn`);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/token=[\w-]{40,}.*HttpOnly.*SameSite=Lax/);
    expect(setCookie).not.toMatch(/token=[^;]*;[^,]*Secure/);
    const current = await browser.request('GET', '/api/users/current/');
    expect(current.json()).toMatchObject({ user: { email: 'new.user@gmail.com' } });
  });

  it('refuses a replayed callback, a missing attempt cookie and a forged state, with no session', async () => {
    const browser = new Browser(t);
    const { callback } = await signUp(browser, 'replay@gmail.com');
    const thief = new Browser(t);
    const replay = await thief.request('GET', callback);
    expect(replay.headers.location).toBe(`${ORIGIN}/oauth2/login/?error=login_failed`);
    expect(thief.cookies.has('token')).toBe(false);

    const other = new Browser(t);
    const screen = await other.startLogin();
    const login = await other.request('POST', `/api/identity/interactions/${uidOf(screen)}/login`, {
      email: 'replay@gmail.com',
      password: PASSWORD,
    });
    other.cookies.delete('auth_attempt');
    const { response } = await other.finish(login.json<{ redirect_to: string }>().redirect_to);
    expect(response.headers.location).toBe(`${ORIGIN}/oauth2/login/?error=login_failed`);
    expect(other.cookies.has('token')).toBe(false);

    const forged = await new Browser(t).request(
      'GET',
      '/api/users/auth/callback/?code=abc&state=forged',
    );
    expect(forged.headers.location).toBe(`${ORIGIN}/oauth2/login/?error=login_failed`);
  });

  it('logs out: the token is deleted, and the next login asks for the password again', async () => {
    const browser = new Browser(t);
    await signUp(browser, 'logout@gmail.com');
    const logout = await browser.request('DELETE', '/api/users/tokens/');
    expect(logout.statusCode).toBe(204);
    expect(browser.cookies.has('token')).toBe(false);
    expect((await browser.request('GET', '/api/users/current/')).json()).toMatchObject({
      error: { code: 'unauthenticated' },
    });
    const screen = await browser.startLogin();
    expect(screen).toMatch(/\/account\/login\//);
    const uid = uidOf(screen);
    const wrong = await browser.request('POST', `/api/identity/interactions/${uid}/login`, {
      email: 'logout@gmail.com',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { code: 'invalid_credentials' } });
    const right = await browser.request('POST', `/api/identity/interactions/${uid}/login`, {
      email: 'LOGOUT@gmail.com',
      password: PASSWORD,
    });
    const { response } = await browser.finish(right.json<{ redirect_to: string }>().redirect_to);
    expect(response.headers.location).toBe(`${ORIGIN}/`);
    expect((await browser.request('GET', '/api/users/current/')).statusCode).toBe(200);
  });

  it('sends an open-redirect login target to the home page instead', async () => {
    const browser = new Browser(t);
    await signUp(browser, 'target@gmail.com');
    const landing = async (target: string) => {
      // The provider session exists: it answers at once, straight to the callback.
      const callback = await browser.startLogin({ login_target: target });
      return (await browser.request('GET', callback)).headers.location;
    };
    for (const target of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(await landing(target)).toBe(`${ORIGIN}/`);
    }
    expect(await landing('/dashboard/?x=1')).toBe(`${ORIGIN}/dashboard/?x=1`);
  });

  it('logs in once with a trusted pass token from the desktop app; a replay asks for the password', async () => {
    const setup = new Browser(t);
    await signUp(setup, 'desktop@gmail.com');
    const account = await accountByEmail(t.database.db, 'desktop@gmail.com');
    const token = await mintTrustedPass(SECRET, `${ORIGIN}/oidc`, account!.id);

    const browser = new Browser(t);
    const screen = await browser.startLogin({ trusted_pass_token: token, owner_id: account!.id });
    const view = await browser.request('GET', `/api/identity/interactions/${uidOf(screen)}/`);
    expect(view.json()).toMatchObject({ kind: 'done' });
    const { response } = await browser.finish(view.json<{ redirect_to: string }>().redirect_to);
    expect(response.headers.location).toBe(`${ORIGIN}/`);
    expect((await browser.request('GET', '/api/users/current/')).json()).toMatchObject({
      user: { id: account!.id, email: 'desktop@gmail.com' },
    });

    const again = new Browser(t);
    const second = await again.startLogin({ trusted_pass_token: token });
    const replay = await again.request('GET', `/api/identity/interactions/${uidOf(second)}/`);
    expect(replay.json()).toMatchObject({ kind: 'prompt', screen: 'login' });

    const forged = await mintTrustedPass(
      'another-secret-that-is-long-enough-0000',
      `${ORIGIN}/oidc`,
      account!.id,
    );
    const third = new Browser(t);
    const forgedScreen = await third.startLogin({ trusted_pass_token: forged });
    const refused = await third.request(
      'GET',
      `/api/identity/interactions/${uidOf(forgedScreen)}/`,
    );
    expect(refused.json()).toMatchObject({ kind: 'prompt' });
  });

  it('refuses a trusted pass token that expires later than 120 s after now or after its iat', async () => {
    const setup = new Browser(t);
    await signUp(setup, 'long.lived@gmail.com');
    const account = await accountByEmail(t.database.db, 'long.lived@gmail.com');
    const now = Math.floor(Date.now() / 1000);
    /** What a leaked or badly built desktop token looks like: right secret, long life. */
    const tokenWith = (iat: number, exp: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: TRUSTED_PASS_TYPE })
        .setSubject(account!.id)
        .setAudience(`${ORIGIN}/oidc`)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(randomUUID())
        .sign(new TextEncoder().encode(SECRET));
    const screenFor = async (token: string) => {
      const browser = new Browser(t);
      const screen = await browser.startLogin({ trusted_pass_token: token });
      const view = await browser.request('GET', `/api/identity/interactions/${uidOf(screen)}/`);
      return view.json<InteractionView>();
    };
    // 30 days ahead: the password is asked for, as for any refused token.
    expect(await screenFor(await tokenWith(now, now + 30 * 24 * 60 * 60))).toMatchObject({
      kind: 'prompt',
      screen: 'login',
    });
    // Issued a minute ago, living three minutes: still within 120 s of now, but not of iat.
    expect(await screenFor(await tokenWith(now - 60, now + 120))).toMatchObject({
      kind: 'prompt',
    });
    // A token at the limit (exp = iat + 120 s) logs in.
    expect(await screenFor(await tokenWith(now, now + 120))).toMatchObject({ kind: 'done' });
  });

  it('a callback without the binding cookie leaves the login to its owner, who finishes it', async () => {
    const owner = new Browser(t);
    await signUp(owner, 'bound.owner@gmail.com');
    await owner.request('DELETE', '/api/users/tokens/');
    const screen = await owner.startLogin({ login_target: '/dashboard/' });
    const login = await owner.request('POST', `/api/identity/interactions/${uidOf(screen)}/login`, {
      email: 'bound.owner@gmail.com',
      password: PASSWORD,
    });
    const resume = await owner.request('GET', login.json<{ redirect_to: string }>().redirect_to);
    const callback = resume.headers.location!;

    // Someone who learned the callback address (a referrer, a log, a shoulder) hits it first,
    // without the cookie and with a cookie of their own.
    const stranger = new Browser(t);
    const first = await stranger.request('GET', callback);
    expect(first.headers.location).toBe(`${ORIGIN}/oauth2/login/?error=login_failed`);
    stranger.cookies.set('auth_attempt', 'a-binding-of-another-browser-000000000000');
    const second = await stranger.request('GET', callback);
    expect(second.headers.location).toBe(`${ORIGIN}/oauth2/login/?error=login_failed`);
    expect(stranger.cookies.has('token')).toBe(false);

    const mine = await owner.request('GET', callback);
    expect(mine.statusCode).toBe(303);
    expect(mine.headers.location).toBe(`${ORIGIN}/dashboard/`);
    expect((await owner.request('GET', '/api/users/current/')).json()).toMatchObject({
      user: { email: 'bound.owner@gmail.com' },
    });
  });

  it('refuses a login whose account is not the owner_id asked for', async () => {
    const browser = new Browser(t);
    await signUp(browser, 'owner@gmail.com');
    await browser.request('DELETE', '/api/users/tokens/');
    const screen = await browser.startLogin({ owner_id: randomUUID() });
    const login = await browser.request(
      'POST',
      `/api/identity/interactions/${uidOf(screen)}/login`,
      {
        email: 'owner@gmail.com',
        password: PASSWORD,
      },
    );
    const { response } = await browser.finish(login.json<{ redirect_to: string }>().redirect_to);
    expect(response.headers.location).toBe(`${ORIGIN}/oauth2/login/?error=login_failed`);
    expect(browser.cookies.has('token')).toBe(false);
  });

  it('answers a sign-up of an existing address like a new one, and mails its owner instead of a code', async () => {
    const owner = new Browser(t);
    await signUp(owner, 'twice@gmail.com');
    const mailbox = async (email: string) =>
      t.database.db
        .select()
        .from(sandboxMail)
        .where(eq(sandboxMail.to, email))
        .orderBy(desc(sandboxMail.id));
    const before = (await mailbox('twice@gmail.com')).length;

    const signUpAs = async (email: string) => {
      const prober = new Browser(t);
      const uid = uidOf(await prober.startLogin());
      const answer = await prober.request('POST', `/api/identity/interactions/${uid}/signup`, {
        email,
        password: 'the prober chose this one',
      });
      return { prober, uid, answer };
    };
    const existing = await signUpAs('TWICE@gmail.com');
    const fresh = await signUpAs('nobody.yet@gmail.com');
    // Nothing in the answer tells the two apart but the address it echoes.
    expect(existing.answer.statusCode).toBe(fresh.answer.statusCode);
    expect(existing.answer.statusCode).toBe(200);
    expect(existing.answer.json()).toEqual({ screen: 'verify', email: 'TWICE@gmail.com' });
    expect(fresh.answer.json()).toEqual({ screen: 'verify', email: 'nobody.yet@gmail.com' });
    const headerNames = (r: typeof fresh.answer) =>
      Object.keys(r.headers)
        .filter((name) => !['date', 'content-length'].includes(name))
        .sort();
    expect(headerNames(existing.answer)).toEqual(headerNames(fresh.answer));

    // The owner is told, with a way back in, and gets no code to hand on.
    const mails = await mailbox('twice@gmail.com');
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]!.subject).toBe('You already have an account');
    expect(mails[0]!.body).toContain(`${ORIGIN}/login/`);
    expect(mails[0]!.body).toContain('Forgot your password?');
    expect(mails[0]!.body).not.toMatch(/\d{8}/);

    // The prober can neither guess a code nor has changed the owner's password.
    const guess = await existing.prober.request(
      'POST',
      `/api/identity/interactions/${existing.uid}/verify`,
      { email: 'twice@gmail.com', code: '12345678' },
    );
    expect(guess.json()).toMatchObject({ error: { code: 'invalid_code' } });
    const uid = uidOf(await new Browser(t).startLogin());
    const login = async (password: string) =>
      (
        await new Browser(t).request('POST', `/api/identity/interactions/${uid}/login`, {
          email: 'twice@gmail.com',
          password,
        })
      ).statusCode;
    expect(await login('the prober chose this one')).toBe(401);
    expect(await login(PASSWORD)).toBe(200);

    const unknown = await owner.request('GET', '/api/identity/interactions/does-not-exist-123/');
    expect(unknown.statusCode).toBe(410);
  });

  it('resets a forgotten password with a mailed code; an unknown address answers the same and gets no code', async () => {
    const owner = new Browser(t);
    await signUp(owner, 'forgetful@gmail.com');
    await owner.request('DELETE', '/api/users/tokens/');
    const lastMail = async (email: string) => {
      const [mail] = await t.database.db
        .select()
        .from(sandboxMail)
        .where(eq(sandboxMail.to, email))
        .orderBy(desc(sandboxMail.id))
        .limit(1);
      return mail;
    };

    const stranger = new Browser(t);
    const strangerUid = uidOf(await stranger.startLogin());
    const unknown = await stranger.request(
      'POST',
      `/api/identity/interactions/${strangerUid}/reset`,
      { email: 'no.account.here@gmail.com', password: 'a new long password' },
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ screen: 'verify', email: 'no.account.here@gmail.com' });
    const told = await lastMail('no.account.here@gmail.com');
    expect(told?.subject).toBe('No account with this address');
    expect(told?.body).not.toMatch(/\d{8}/);
    expect(await accountByEmail(t.database.db, 'no.account.here@gmail.com')).toBeUndefined();

    const uid = uidOf(await owner.startLogin());
    const reset = await owner.request('POST', `/api/identity/interactions/${uid}/reset`, {
      email: 'forgetful@gmail.com',
      password: 'a new long password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ screen: 'verify', email: 'forgetful@gmail.com' });
    const mail = await lastMail('forgetful@gmail.com');
    expect(mail?.subject).toBe('Your password reset code');
    const code = /\b(\d{8})\b/.exec(mail!.body)![1]!;
    // Until the code is confirmed, the old password is the one that works.
    const loginWith = async (password: string) => {
      const screen = await new Browser(t).startLogin();
      return (
        await new Browser(t).request('POST', `/api/identity/interactions/${uidOf(screen)}/login`, {
          email: 'forgetful@gmail.com',
          password,
        })
      ).statusCode;
    };
    expect(await loginWith(PASSWORD)).toBe(200);
    const verified = await owner.request('POST', `/api/identity/interactions/${uid}/verify`, {
      email: 'forgetful@gmail.com',
      code,
    });
    expect(verified.statusCode).toBe(200);
    const { response } = await owner.finish(verified.json<{ redirect_to: string }>().redirect_to);
    expect(response.statusCode).toBe(303);
    expect((await owner.request('GET', '/api/users/current/')).json()).toMatchObject({
      user: { email: 'forgetful@gmail.com' },
    });
    expect(await loginWith(PASSWORD)).toBe(401);
    expect(await loginWith('a new long password')).toBe(200);
  });

  it('a password reset ends every other session of the account, at the checkout and at the provider', async () => {
    const email = 'stolen.laptop@gmail.com';
    const laptop = new Browser(t);
    await signUp(laptop, email);
    const phone = new Browser(t);
    const phoneUid = uidOf(await phone.startLogin());
    const login = await phone.request('POST', `/api/identity/interactions/${phoneUid}/login`, {
      email,
      password: PASSWORD,
    });
    await phone.finish(login.json<{ redirect_to: string }>().redirect_to);
    for (const browser of [laptop, phone]) {
      expect((await browser.request('GET', '/api/users/current/')).statusCode).toBe(200);
    }

    const owner = new Browser(t);
    const uid = uidOf(await owner.startLogin());
    await owner.request('POST', `/api/identity/interactions/${uid}/reset`, {
      email,
      password: 'a brand new password',
    });
    const [mail] = await t.database.db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.to, email))
      .orderBy(desc(sandboxMail.id))
      .limit(1);
    const code = /\b(\d{8})\b/.exec(mail!.body)![1]!;
    const verified = await owner.request('POST', `/api/identity/interactions/${uid}/verify`, {
      email,
      code,
    });
    await owner.finish(verified.json<{ redirect_to: string }>().redirect_to);

    expect((await owner.request('GET', '/api/users/current/')).statusCode).toBe(200);
    for (const browser of [laptop, phone]) {
      expect((await browser.request('GET', '/api/users/current/')).statusCode).toBe(401);
      // The provider's session went too: a new login asks for the (new) password.
      expect(await browser.startLogin()).toMatch(/\/account\/login\/[\w-]+\/$/);
    }
  });

  it('links a purchase made logged out to the account of its e-mail, shown on the dashboard', async () => {
    const email = 'bought.first@gmail.com';
    const cart = (
      await t.app.inject({
        method: 'POST',
        url: '/api/carts/',
        payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', email },
      })
    ).json<CartView>();
    const orderId = randomUUID();
    await t.database.db.insert(orders).values({
      id: orderId,
      cartId: cart.id,
      status: 'new',
      email,
      currency: 'EUR',
      country: 'DE',
      totalMinor: cart.totalMinor,
      taxMinor: cart.tax.taxMinor,
      snapshot: cart,
    });
    expect(
      await moveOrder({ db: t.database.db, catalog: t.catalog }, orderId, 'paid', 'webhook'),
    ).toBe(true);
    const created = await accountByEmail(t.database.db, email);
    expect(created).toMatchObject({ email, passwordHash: null });

    const browser = new Browser(t);
    expect((await browser.request('GET', '/api/users/current/dashboard/')).statusCode).toBe(401);
    await signUp(browser, email);
    expect((await accountByEmail(t.database.db, email))!.id).toBe(created!.id);
    const dashboard = (
      await browser.request('GET', '/api/users/current/dashboard/')
    ).json<DashboardView>();
    expect(dashboard.orders).toEqual([
      expect.objectContaining({ id: orderId, status: 'paid', totalMinor: cart.totalMinor }),
    ]);
    expect(dashboard.subscriptions).toEqual([
      expect.objectContaining({
        plan: 'vpn-basic-1y',
        status: 'active',
        period: { interval: 1, unit: 'Year' },
      }),
    ]);
  });

  it('buys with the account e-mail when logged in, whatever the cart was given', async () => {
    const browser = new Browser(t);
    await signUp(browser, 'logged.in.buyer@gmail.com');
    const cart = (
      await browser.request('POST', '/api/carts/', {
        mainPlan: 'vpn-basic-1y',
        currency: 'EUR',
        country: 'DE',
        email: 'someone.else@gmail.com',
      })
    ).json<CartView>();
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payments/',
      headers: {
        'idempotency-key': `logged-in-${randomUUID()}`,
        cookie: `token=${browser.cookies.get('token')}`,
      },
      payload: { cartId: cart.id, provider: 'paypal', returnPath: '/processing/' },
    });
    expect(pay.statusCode).toBe(201);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.cartId, cart.id));
    expect(order?.email).toBe('logged.in.buyer@gmail.com');
  });

  it('housekeeping removes expired sessions and provider state, and keeps live ones', async () => {
    const browser = new Browser(t);
    await signUp(browser, 'housekeeping@gmail.com');
    const later = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    await purgeExpiredSessions(t.database.db);
    await purgeExpiredIdentity(t.database.db);
    expect((await browser.request('GET', '/api/users/current/')).statusCode).toBe(200);
    await purgeExpiredSessions(t.database.db, later);
    await purgeExpiredIdentity(t.database.db, later);
    expect((await browser.request('GET', '/api/users/current/')).statusCode).toBe(401);
    const left = await t.database.db
      .select()
      .from(oidcModels)
      .where(isNotNull(oidcModels.expiresAt));
    expect(left).toEqual([]);
  });

  it('past the per-e-mail limit asks for a challenge, and the owner still logs in by solving it', async () => {
    const limited = await createTestApp({
      PUBLIC_ORIGIN: ORIGIN,
      LOGIN_EMAIL_LIMIT: '5',
      ALTCHA_COST: '1',
      ALTCHA_MAX_COUNTER: '40',
    });
    try {
      // Sign-up, a wrong code and the right one: three of the address's five tries.
      await signUp(new Browser(limited), 'victim@gmail.com', limited);
      const guesser = new Browser(limited);
      const guessUid = uidOf(await guesser.startLogin());
      const guess = (i: number, headers?: Record<string, string>) =>
        guesser.request(
          'POST',
          `/api/identity/interactions/${guessUid}/login`,
          { email: 'victim@gmail.com', password: `guess-${i}` },
          headers,
        );
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await guess(i)).statusCode);
      expect(codes).toEqual([401, 401, 403, 403]);
      expect((await guess(5)).json()).toMatchObject({ error: { code: 'challenge_required' } });

      const owner = new Browser(limited);
      const uid = uidOf(await owner.startLogin());
      const login = (headers?: Record<string, string>) =>
        owner.request(
          'POST',
          `/api/identity/interactions/${uid}/login`,
          { email: 'victim@gmail.com', password: PASSWORD },
          headers,
        );
      // The right password alone is not enough now (it used to be a 429 for 15 minutes).
      expect((await login()).json()).toMatchObject({ error: { code: 'challenge_required' } });
      const solution = await solveAltcha(owner);
      // A guesser who solves one still needs the password.
      expect((await guess(6, { [CHALLENGE_HEADER]: await solveAltcha(guesser) })).statusCode).toBe(
        401,
      );
      const answer = await login({ [CHALLENGE_HEADER]: solution });
      expect(answer.statusCode).toBe(200);
      const { response } = await owner.finish(answer.json<{ redirect_to: string }>().redirect_to);
      expect(response.statusCode).toBe(303);
      expect((await owner.request('GET', '/api/users/current/')).json()).toMatchObject({
        user: { email: 'victim@gmail.com' },
      });
      // The solution was spent: replaying it is refused.
      const replay = await guess(7, { [CHALLENGE_HEADER]: solution });
      expect(replay.json()).toMatchObject({ error: { code: 'challenge_failed' } });
    } finally {
      await limited.close();
    }
  });

  it('caps code tries per address per day across re-issued codes, then locks and mails the owner', async () => {
    const guarded = await createTestApp({ PUBLIC_ORIGIN: ORIGIN, LOGIN_EMAIL_LIMIT: '1000' });
    try {
      const email = 'guessed@gmail.com';
      const guesser = new Browser(guarded);
      const uid = uidOf(await guesser.startLogin());
      const latestMail = async () =>
        (
          await guarded.database.db
            .select()
            .from(sandboxMail)
            .where(eq(sandboxMail.to, email))
            .orderBy(desc(sandboxMail.id))
            .limit(1)
        )[0]!;
      /** A sign-up for the victim's address; the code it mailed, if it mailed one. */
      const issue = async () => {
        await guesser.request('POST', `/api/identity/interactions/${uid}/signup`, {
          email,
          password: 'the guesser chose this one',
        });
        return /\b(\d{8})\b/.exec((await latestMail()).body)?.[1];
      };
      const verify = async (code: string) =>
        (
          await guesser.request('POST', `/api/identity/interactions/${uid}/verify`, {
            email,
            code,
          })
        ).json<{ error?: { code: string } }>();
      const wrongFor = (code: string) => (code.startsWith('1') ? '2' : '1').repeat(code.length);
      const guessWrong = async (code: string, tries: number) => {
        for (let i = 0; i < tries; i += 1) {
          expect(await verify(wrongFor(code))).toMatchObject({ error: { code: 'invalid_code' } });
        }
      };

      // Five wrong tries spend a code, and a new one used to bring five more, without end.
      const first = (await issue())!;
      await guessWrong(first, 5);
      await guessWrong((await issue())!, 4);
      const third = (await issue())!;
      await guessWrong(third, 1);
      // The tenth try of the day locked the address, and its owner is told so.
      const notice = await latestMail();
      expect(notice.subject).toBe('Too many wrong codes');
      expect(notice.body).toMatch(/Your password has not changed/);
      // Until tomorrow no code is accepted, not even the right one, and none is mailed.
      expect(await verify(third)).toMatchObject({ error: { code: 'invalid_code' } });
      expect(await issue()).toBeUndefined();
      expect((await latestMail()).subject).toBe('Too many wrong codes');
      expect(await accountByEmail(guarded.database.db, email)).toBeUndefined();
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
      expect(await issueSignupCode(guarded.database.db, email, 'hash', tomorrow)).toHaveProperty(
        'code',
      );
      // Ten tries a day against 10^8 codes (the math is in signup-codes.ts).
      expect(first).toMatch(/^\d{8}$/);
    } finally {
      await guarded.close();
    }
  });

  it('logs in through an external issuer (OIDC_ISSUER), over the network', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const issuer = await createTestApp({ PUBLIC_ORIGIN: origin });
    await issuer.app.listen({ port, host: '127.0.0.1' });
    const checkout = await createTestApp({ PUBLIC_ORIGIN: origin, OIDC_ISSUER: `${origin}/oidc` });
    try {
      // The checkout serves no identity provider of its own.
      expect(
        (
          await checkout.app.inject({
            method: 'GET',
            url: '/oidc/.well-known/openid-configuration',
          })
        ).statusCode,
      ).toBe(404);
      const browser = new Browser(checkout, issuer, origin);
      const screen = await browser.startLogin();
      expect(screen.startsWith(`${origin}/account/login/`)).toBe(true);
      const uid = uidOf(screen);
      await browser.request('POST', `/api/identity/interactions/${uid}/signup`, {
        email: 'external@gmail.com',
        password: PASSWORD,
      });
      const [message] = await issuer.database.db.select().from(sandboxMail);
      const code = /\b(\d{8})\b/.exec(message!.body)![1]!;
      const verified = await browser.request('POST', `/api/identity/interactions/${uid}/verify`, {
        email: 'external@gmail.com',
        code,
      });
      const { response } = await browser.finish(
        verified.json<{ redirect_to: string }>().redirect_to,
      );
      expect(response.headers.location).toBe(`${origin}/`);
      expect((await browser.request('GET', '/api/users/current/')).json()).toMatchObject({
        user: { email: 'external@gmail.com' },
      });
    } finally {
      await checkout.close();
      await issuer.close();
    }
  });
});

/** Fetches a challenge and solves it with altcha-lib's own solver, as the widget would. */
async function solveAltcha(browser: Browser): Promise<string> {
  const view = (await browser.request('GET', '/api/challenge/')).json<{ challenge: Challenge }>();
  const solution = await solveChallenge({ challenge: view.challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: view.challenge, solution })).toString('base64');
}

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
