/** Test helper: a staff member of a role, enrolled through its link and logged in with TOTP. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { StaffRole } from '@checkout/core/contract';
import type { Database } from '../db/client';
import { testBrowser, type TestBrowser } from '../test-browser';
import { addStaff } from '../modules/console/staff';

/** The code of the next 30-second window (one step ahead is accepted, and not yet taken). */
export function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

export interface Enrolled {
  browser: TestBrowser;
  email: string;
  password: string;
  secret: string;
  /** The code the enrolment took (spent: it logs in no more). */
  code: string;
  token: string;
  member: Awaited<ReturnType<typeof addStaff>>['member'];
}

/** A staff member added with `role`, its link opened and its password and first code set. */
export async function enrolStaff(
  app: () => FastifyInstance,
  db: Database,
  email: string,
  role: StaffRole,
): Promise<Enrolled> {
  const { token, member } = await addStaff(db, email, role);
  const browser = testBrowser(app);
  const { secret } = (
    await browser.inject({ method: 'GET', url: `/api/console/enrolment/?token=${token}` })
  ).json<{ secret: string }>();
  const password = 'a long staff password';
  const code = await generate({ secret });
  const enrolled = await browser.inject({
    method: 'POST',
    url: '/api/console/enrolment/',
    payload: { token, password, code },
  });
  if (enrolled.statusCode !== 200)
    throw new Error(`staff enrolment failed: ${enrolled.statusCode}`);
  return { browser, email, password, secret, code, token, member };
}

export async function staffBrowser(
  app: () => FastifyInstance,
  db: Database,
  role: StaffRole,
): Promise<TestBrowser> {
  const email = `${role}.${randomUUID().slice(0, 8)}@staff.example.com`;
  const { browser, password, secret } = await enrolStaff(app, db, email, role);
  const login = await browser.inject({
    method: 'POST',
    url: '/api/console/session/',
    // The enrolment took this window's code; the next window's is accepted too.
    payload: { email, password, code: await nextCode(secret) },
  });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.statusCode}`);
  return browser;
}
