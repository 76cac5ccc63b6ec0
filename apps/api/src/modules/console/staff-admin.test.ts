import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../../test-app';
import type { TestBrowser } from '../../test-browser';
import { enrolStaff, nextCode, staffBrowser } from '../../test-support/staff';
import { auditLog, staffAccounts } from './tables';

const ORIGIN = 'http://localhost:3000';

interface StaffRow {
  id: string;
  email: string;
  role: string;
  enrolled: boolean;
  disabled: boolean;
}

describe("the console's staff list", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const post = (browser: TestBrowser, url: string, payload: object) =>
    browser.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
  const list = async (browser: TestBrowser) =>
    (await browser.inject({ method: 'GET', url: '/api/console/staff/' })).json<{
      staff: StaffRow[];
    }>().staff;
  const auditOf = async (email: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `staff:${email}`))
        .orderBy(auditLog.id)
    ).map((row) => ({ action: row.action, before: row.before, after: row.after }));

  it('lets an admin list, add, change the role of and disable staff, each change audited', async () => {
    const admin = await staffBrowser(() => t.app, t.database.db, 'admin');
    const added = await post(admin, '/api/console/staff/', {
      email: 'New.Agent@staff.example.com',
      role: 'support',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<{ enrolmentUrl: string }>().enrolmentUrl).toMatch(/\/console\/en\/enrol\/#/);
    const agent = (await list(admin)).find((s) => s.email === 'new.agent@staff.example.com');
    expect(agent).toMatchObject({ role: 'support', enrolled: false, disabled: false });
    expect(JSON.stringify(await list(admin))).not.toMatch(/totp|password|token/i);

    const role = await post(admin, `/api/console/staff/${agent!.id}/role/`, { role: 'finance' });
    expect(role.json()).toMatchObject({ role: 'finance' });
    expect(
      (await post(admin, `/api/console/staff/${agent!.id}/role/`, { role: 'boss' })).statusCode,
    ).toBe(400);
    const disabled = await post(admin, `/api/console/staff/${agent!.id}/disable/`, {});
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect(await auditOf('new.agent@staff.example.com')).toEqual([
      { action: 'staff.add', before: null, after: { role: 'support' } },
      { action: 'staff.role', before: { role: 'support' }, after: { role: 'finance' } },
      { action: 'staff.disable', before: { disabled: false }, after: { disabled: true } },
    ]);
    // Support may not see or change staff.
    const support = await staffBrowser(() => t.app, t.database.db, 'support');
    expect((await support.inject({ method: 'GET', url: '/api/console/staff/' })).statusCode).toBe(
      403,
    );
  });

  it('shuts a disabled member out: the live session ends and the login is refused', async () => {
    const admin = await staffBrowser(() => t.app, t.database.db, 'admin');
    const { browser, email, password, secret, member } = await enrolStaff(
      () => t.app,
      t.database.db,
      'leaving@staff.example.com',
      'finance',
    );
    await post(browser, '/api/console/session/', { email, password, code: await nextCode(secret) });
    expect((await browser.inject({ method: 'GET', url: '/api/console/session/' })).statusCode).toBe(
      200,
    );
    await post(admin, `/api/console/staff/${member.id}/disable/`, {});
    expect((await browser.inject({ method: 'GET', url: '/api/console/session/' })).statusCode).toBe(
      401,
    );
    const again = await post(browser, '/api/console/session/', {
      email,
      password,
      code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 60 }),
    });
    expect(again.statusCode).toBe(401);
  });

  it('never leaves the console without an enabled admin, and writes nothing when refusing', async () => {
    // This suite's database: disable every admin but one.
    const admin = await staffBrowser(() => t.app, t.database.db, 'admin');
    const { email } = (await admin.inject({ method: 'GET', url: '/api/console/session/' })).json<{
      email: string;
    }>();
    const self = (await list(admin)).find((s) => s.email === email);
    const others = (await list(admin)).filter(
      (s) => s.role === 'admin' && !s.disabled && s.id !== self?.id,
    );
    for (const other of others) await post(admin, `/api/console/staff/${other.id}/disable/`, {});
    const last = (await list(admin)).filter((s) => s.role === 'admin' && !s.disabled);
    expect(last).toHaveLength(1);
    const [only] = last;
    const before = await t.database.db.select().from(auditLog);
    const demote = await post(admin, `/api/console/staff/${only!.id}/role/`, { role: 'analyst' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json<{ error: { code: string } }>().error.code).toBe('last_admin');
    const disable = await post(admin, `/api/console/staff/${only!.id}/disable/`, {});
    expect(disable.json<{ error: { code: string } }>().error.code).toBe('last_admin');
    expect(await t.database.db.select().from(auditLog)).toHaveLength(before.length);
    const [row] = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.id, only!.id));
    expect(row).toMatchObject({ role: 'admin', disabledAt: null });
    // Unknown member: 404, bad id: 400.
    expect((await post(admin, '/api/console/staff/42/disable/', {})).statusCode).toBe(400);
  });
});
