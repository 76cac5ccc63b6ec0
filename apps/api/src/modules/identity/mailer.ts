/**
 * Outgoing mail of the identity provider. The built-in transport is a sandbox mailbox, like
 * the sandbox payment gateway: messages are stored and shown at /api/sandbox/mailbox/ so a tester
 * can read a sign-up code. A real transport (SMTP, an e-mail API) implements the same `send`.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailboxQuerySchema, normalizeEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import { escapeHtml } from '../../http/html';
import { sandboxMail } from './tables';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function sandboxMailer(db: Database): Mailer {
  return {
    async send(message) {
      await db.insert(sandboxMail).values({ ...message, to: normalizeEmail(message.to) });
    },
  };
}

/** The sandbox mailbox page: the last messages sent to one address. */
export function sandboxMailboxRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: mailboxQuerySchema };
  api.get('/api/sandbox/mailbox/', { schema }, async (request, reply) => {
    const { to } = request.query;
    const messages = await db
      .select()
      .from(sandboxMail)
      .where(eq(sandboxMail.to, normalizeEmail(to)))
      .orderBy(desc(sandboxMail.id))
      .limit(20);
    const items = messages
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><small>${m.createdAt.toISOString()}</small></p><pre>${escapeHtml(m.body)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>Sandbox mailbox</title><style>body{font:16px system-ui;max-width:40rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}</style><h1>Sandbox mailbox: ${escapeHtml(to)}</h1>${items || '<p>No messages.</p>'}</html>`,
      );
  });
}
