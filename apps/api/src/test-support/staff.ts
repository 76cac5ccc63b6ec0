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

export async function staffBrowser(
  app: () => FastifyInstance,
  db: Database,
  role: StaffRole,
): Promise<TestBrowser> {
  const email = `${role}.${randomUUID().slice(0, 8)}@staff.example.com`;
  const { token } = await addStaff(db, email, role);
  const browser = testBrowser(app);
  const { secret } = (
    await browser.inject({ method: 'GET', url: `/api/console/enrolment/?token=${token}` })
  ).json<{ secret: string }>();
  const password = 'a long staff password';
  const enrolled = await browser.inject({
    method: 'POST',
    url: '/api/console/enrolment/',
    payload: { token, password, code: await generate({ secret }) },
  });
  const login = await browser.inject({
    method: 'POST',
    url: '/api/console/session/',
    // The enrolment took this window's code; the next window's is accepted too.
    payload: { email, password, code: await nextCode(secret) },
  });
  if (enrolled.statusCode !== 200 || login.statusCode !== 200) {
    throw new Error(`staff login failed: ${enrolled.statusCode}, ${login.statusCode}`);
  }
  return browser;
}
