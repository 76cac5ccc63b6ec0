/** The SMTP transport against a real SMTP listener on a loopback port (smtp-server). */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { smtpMailer } from './smtp-mailer';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A mail server that asks for a login and keeps what it is given. */
async function startSmtpServer() {
  const received: Received[] = [];
  /** Connections opened to it so far. */
  let connections = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@rejected.example')) {
        callback(new Error(`<${address.address}>: Recipient address rejected`));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    connections: () => connections,
    url: (user = 'mailer', password = 's3cret') => `smtp://${user}:${password}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP mail transport', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  it('delivers a message from MAIL_FROM to the recipient, logged in with the URL credentials', async () => {
    const mailer = smtpMailer(smtp.url(), 'Aegis <no-reply@aegis.example>');
    await mailer.send({ to: 'anna@gmail.com', subject: 'Your sign-up code', body: 'Code 123456' });
    mailer.close();
    const mail = smtp.received.at(-1)!;
    expect(mail).toMatchObject({
      from: 'no-reply@aegis.example',
      to: ['anna@gmail.com'],
      user: 'mailer',
    });
    expect(mail.raw).toMatch(/^From: Aegis <no-reply@aegis\.example>$/m);
    expect(mail.raw).toMatch(/^Subject: Your sign-up code$/m);
    expect(mail.raw).toContain('Code 123456');
  });

  it('hands a run of receipts over one connection instead of one connection per message', async () => {
    const mailer = smtpMailer(smtp.url(), 'Aegis <no-reply@aegis.example>');
    const before = smtp.connections();
    const count = smtp.received.length;
    for (const to of ['a@gmail.com', 'b@gmail.com', 'c@gmail.com']) {
      await mailer.send({ to, subject: 'Your receipt', body: 'Thank you' });
    }
    mailer.close();
    expect(smtp.received.slice(count).map((m) => m.to)).toEqual([
      ['a@gmail.com'],
      ['b@gmail.com'],
      ['c@gmail.com'],
    ]);
    expect(smtp.connections() - before).toBe(1);
  });

  it('fails without quoting the address when the server refuses the login or the recipient', async () => {
    const refusedLogin = smtpMailer(smtp.url('mailer', 'wrong'), 'no-reply@aegis.example');
    const login = refusedLogin.send({ to: 'anna@gmail.com', subject: 'S', body: 'B' });
    await expect(login).rejects.toThrow(/^SMTP delivery failed \(EAUTH 535\)$/);
    refusedLogin.close();

    const mailer = smtpMailer(smtp.url(), 'no-reply@aegis.example');
    const error = await mailer.send({ to: 'bob@rejected.example', subject: 'S', body: 'B' }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    mailer.close();
    expect(error?.message).toMatch(/^SMTP delivery failed/);
    expect(error?.message).not.toContain('rejected.example');
  });

  it('mails the sign-up code through SMTP_URL, and then serves no sandbox mailbox', async () => {
    const t: TestApp = await createTestApp({
      SMTP_URL: smtp.url(),
      MAIL_FROM: 'no-reply@aegis.example',
    });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/auth/login/',
        payload: {},
      });
      const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const authorize = await t.app.inject({
        method: 'GET',
        url: login.json<{ redirect_uri: string }>().redirect_uri,
        headers: { cookie },
      });
      const uid = /\/account\/login\/([\w-]+)\/$/.exec(authorize.headers.location!)![1]!;
      const signup = await t.app.inject({
        method: 'POST',
        url: `/api/identity/interactions/${uid}/signup`,
        headers: {
          cookie: [cookie, ...authorize.cookies.map((c) => `${c.name}=${c.value}`)].join('; '),
        },
        payload: { email: 'new.buyer@gmail.com', password: 'correct horse battery' },
      });
      expect(signup.statusCode).toBe(200);
      const mail = smtp.received.find((m) => m.to.includes('new.buyer@gmail.com'));
      expect(mail?.raw).toMatch(/Your code is \d{8}\./);
      const mailbox = await t.app.inject({
        method: 'GET',
        url: '/api/sandbox/mailbox/?to=new.buyer%40gmail.com',
      });
      expect(mailbox.statusCode).toBe(404);
    } finally {
      await t.close();
    }
    // A whole api on a fresh database: slow on a busy machine.
  }, 60_000);
});
