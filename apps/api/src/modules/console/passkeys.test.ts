import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { enrolStaff, nextCode, type Enrolled } from '../../test-support/staff';
import { softAuthenticator, type SoftAuthenticator } from '../../test-support/soft-authenticator';
import { addStaff } from './staff';
import { auditLog, staffPasskeyChallenges } from './tables';

/** The console's origin in tests: PUBLIC_ORIGIN's default, so the RP id is `localhost`. */
const ORIGIN = 'http://localhost:3000';

interface Listed {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

describe('passkeys as a staff second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const post = (browser: TestBrowser, url: string, payload: object) =>
    browser.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
  const list = async (browser: TestBrowser) =>
    (await browser.inject({ method: 'GET', url: '/api/console/passkeys/' })).json<{
      passkeys: Listed[];
    }>().passkeys;
  const registrationOptions = async (browser: TestBrowser) =>
    (await post(browser, '/api/console/passkeys/options/', {})).json<{
      attempt: string;
      options: PublicKeyCredentialCreationOptionsJSON;
    }>();
  const loginOptions = async (browser: TestBrowser, email: string) =>
    (await post(browser, '/api/console/session/passkey/options/', { email })).json<{
      attempt: string;
      options: PublicKeyCredentialRequestOptionsJSON;
    }>();

  /** A member enrolled with TOTP, logged in with it, holding a passkey registered as `name`. */
  async function withPasskey(email: string, name = 'Laptop') {
    const member = await enrolStaff(() => t.app, t.database.db, email, 'support');
    await post(member.browser, '/api/console/session/', {
      email,
      password: member.password,
      code: await nextCode(member.secret),
    });
    const authenticator = softAuthenticator();
    const { attempt, options } = await registrationOptions(member.browser);
    const registered = await post(member.browser, '/api/console/passkeys/', {
      attempt,
      name,
      response: authenticator.register(options, ORIGIN),
    });
    expect(registered.statusCode).toBe(200);
    return { ...member, authenticator };
  }

  /** A fresh browser's login with the password and the authenticator's answer. */
  async function passkeyLogin(
    member: Enrolled,
    authenticator: SoftAuthenticator,
    change: { password?: string; counter?: number } = {},
  ) {
    const browser = testBrowser(() => t.app);
    const { attempt, options } = await loginOptions(browser, member.email);
    const response = authenticator.assert(options, ORIGIN, { counter: change.counter });
    const answer = await post(browser, '/api/console/session/passkey/', {
      email: member.email,
      password: change.password ?? member.password,
      attempt,
      response,
    });
    return { browser, answer, attempt, response };
  }

  const auditOf = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `staff:${email}`))
        .orderBy(auditLog.id)
    ).map((row) => ({ action: row.action, after: row.after, before: row.before }));

  it('lets a logged-in member register passkeys, list them without their keys and remove one, each audited', async () => {
    const member = await withPasskey('keys@staff.example.com', 'Laptop');
    const second = softAuthenticator();
    const { attempt, options } = await registrationOptions(member.browser);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Checkout console' });
    // The one already registered is excluded, so an authenticator does not register it twice.
    expect(options.excludeCredentials?.map((c) => c.id)).toEqual(
      member.authenticator.credentialIds,
    );
    const phone = await post(member.browser, '/api/console/passkeys/', {
      attempt,
      name: '  Phone ',
      response: second.register(options, ORIGIN),
    });
    expect(phone.json()).toMatchObject({ name: 'Phone', lastUsedAt: null });

    const listed = await list(member.browser);
    expect(listed.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(JSON.stringify(listed)).not.toMatch(/publicKey|counter|credential/i);

    const removed = await member.browser.inject({
      method: 'DELETE',
      url: `/api/console/passkeys/${listed[0]!.id}/`,
      headers: { origin: ORIGIN },
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(member.browser)).map((p) => p.name)).toEqual(['Phone']);
    expect(await auditOf(member.email)).toEqual([
      { action: 'staff.passkey_add', before: null, after: { passkey: 'Laptop' } },
      { action: 'staff.passkey_add', before: null, after: { passkey: 'Phone' } },
      { action: 'staff.passkey_remove', before: { passkey: 'Laptop' }, after: null },
    ]);
  });

  it('logs in with the password and the passkey instead of a code, and shows when it was last used', async () => {
    const member = await withPasskey('passkey.login@staff.example.com');
    const { browser, answer } = await passkeyLogin(member, member.authenticator);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: member.email, role: 'support' });
    const session = await browser.inject({ method: 'GET', url: '/api/console/session/' });
    expect(session.statusCode).toBe(200);
    expect((await list(browser))[0]?.lastUsedAt).toEqual(expect.any(String));
    // The challenge was taken: none is left behind.
    expect(await t.database.db.select().from(staffPasskeyChallenges)).toEqual([]);
  });

  it('refuses a wrong password, a replayed answer, a counter that went back and another member’s passkey, all with one answer', async () => {
    const member = await withPasskey('refused@staff.example.com');
    const other = await withPasskey('other@staff.example.com');
    const wrong = await passkeyLogin(member, member.authenticator, {
      password: 'not the password',
    });
    expect(wrong.answer.statusCode).toBe(401);
    expect(wrong.answer.json()).toMatchObject({ error: { code: 'login_failed' } });

    const first = await passkeyLogin(member, member.authenticator, { counter: 5 });
    expect(first.answer.statusCode).toBe(200);
    // The same answer sent again: its challenge was taken.
    const replay = await post(
      testBrowser(() => t.app),
      '/api/console/session/passkey/',
      {
        email: member.email,
        password: member.password,
        attempt: first.attempt,
        response: first.response,
      },
    );
    expect(replay.statusCode).toBe(401);
    // A fresh challenge, but the authenticator's counter is behind the last one seen (a clone).
    const cloned = await passkeyLogin(member, member.authenticator, { counter: 3 });
    expect(cloned.answer.statusCode).toBe(401);
    // The other member's passkey with this member's password.
    const browser = testBrowser(() => t.app);
    const { attempt, options } = await loginOptions(browser, member.email);
    const foreign = await post(browser, '/api/console/session/passkey/', {
      email: member.email,
      password: member.password,
      attempt,
      response: other.authenticator.assert(options, ORIGIN),
    });
    expect(foreign.statusCode).toBe(401);
    for (const refused of [wrong, cloned, { browser, answer: foreign }]) {
      expect(refused.answer.json()).toMatchObject({ error: { code: 'login_failed' } });
      expect(refused.browser.cookies.has('console_session')).toBe(false);
    }
  });

  it('refuses a login challenge of another address, or one that has expired', async () => {
    const member = await withPasskey('bound@staff.example.com');
    const browser = testBrowser(() => t.app);
    const elsewhere = await loginOptions(browser, 'someone.else@staff.example.com');
    const crossed = await post(browser, '/api/console/session/passkey/', {
      email: member.email,
      password: member.password,
      attempt: elsewhere.attempt,
      response: member.authenticator.assert(elsewhere.options, ORIGIN),
    });
    expect(crossed.statusCode).toBe(401);

    const late = await loginOptions(browser, member.email);
    await t.database.db
      .update(staffPasskeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffPasskeyChallenges.id, late.attempt));
    const expired = await post(browser, '/api/console/session/passkey/', {
      email: member.email,
      password: member.password,
      attempt: late.attempt,
      response: member.authenticator.assert(late.options, ORIGIN),
    });
    expect(expired.statusCode).toBe(401);
  });

  it('refuses a registration from another origin (400) and a registration challenge used twice (409)', async () => {
    const member = await withPasskey('registrar@staff.example.com');
    const first = await registrationOptions(member.browser);
    const phished = await post(member.browser, '/api/console/passkeys/', {
      attempt: first.attempt,
      name: 'Phished',
      response: softAuthenticator().register(first.options, 'https://console.evil.example'),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toMatchObject({ error: { code: 'passkey_rejected' } });
    const again = await post(member.browser, '/api/console/passkeys/', {
      attempt: first.attempt,
      name: 'Again',
      response: softAuthenticator().register(first.options, ORIGIN),
    });
    expect(again.statusCode).toBe(409);
    expect((await list(member.browser)).map((p) => p.name)).toEqual(['Laptop']);
  });

  it('answers 401 without a session, 400 to malformed input and 404 to removing another’s passkey', async () => {
    const stranger = testBrowser(() => t.app);
    expect(
      (await stranger.inject({ method: 'GET', url: '/api/console/passkeys/' })).statusCode,
    ).toBe(401);
    expect((await post(stranger, '/api/console/passkeys/options/', {})).statusCode).toBe(401);
    const owner = await withPasskey('owner@staff.example.com');
    const intruder = await withPasskey('intruder@staff.example.com');
    const [owned] = await list(owner.browser);
    const taken = await intruder.browser.inject({
      method: 'DELETE',
      url: `/api/console/passkeys/${owned!.id}/`,
      headers: { origin: ORIGIN },
    });
    expect(taken.statusCode).toBe(404);
    expect(await list(owner.browser)).toHaveLength(1);

    const { attempt } = await registrationOptions(owner.browser);
    for (const body of [
      { attempt, name: '', response: {} },
      { attempt: 'nope', name: 'Key', response: {} },
      { attempt, name: 'Key', response: { id: 'a b', rawId: 'x', type: 'public-key' } },
    ]) {
      const bad = await post(owner.browser, '/api/console/passkeys/', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
    }
    const badLogin = await post(stranger, '/api/console/session/passkey/', {
      email: owner.email,
      password: owner.password,
      attempt,
      response: { id: 'x', rawId: 'x', type: 'password' },
    });
    expect(badLogin.statusCode).toBe(400);
  });

  it('forgets the passkeys of an account that is enrolled again', async () => {
    const member = await withPasskey('again@staff.example.com');
    // Re-enrolled (a lost laptop, say) with the same password: the old passkey no longer counts.
    const { token } = await addStaff(t.database.db, member.email, 'support');
    const browser = testBrowser(() => t.app);
    const { secret } = (
      await browser.inject({ method: 'GET', url: `/api/console/enrolment/?token=${token}` })
    ).json<{ secret: string }>();
    const enrolled = await post(browser, '/api/console/enrolment/', {
      token,
      password: member.password,
      code: await generate({ secret }),
    });
    expect(enrolled.statusCode).toBe(200);
    const { answer } = await passkeyLogin(member, member.authenticator);
    expect(answer.statusCode).toBe(401);
  });
});
