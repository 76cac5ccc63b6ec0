/**
 * The sandbox mailbox, the api's mail transport when no SMTP_URL is set, like the sandbox
 * payment gateway: messages are stored and shown at /api/sandbox/mailbox/ so a tester can read a
 * sign-up code or open a receipt's PDF.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ERROR_CODES, mailboxQuerySchema } from '@checkout/core/contract';
import { normalizeEmail } from '@checkout/core';
import type { Database } from '../db/client';
import { escapeHtml } from '../http/html';
import type { Mailer } from './mailer';
import { sandboxMail, sandboxMailAttachments } from './tables';

/**
 * Stores each message with its attachments in one statement (no transaction around it: it is
 * one), the files passed as base64 in a JSON parameter, as PGlite and node-postgres both take it.
 */
export function sandboxMailer(db: Database): Mailer {
  return {
    async send({ attachments = [], html, ...message }) {
      const files = JSON.stringify(
        attachments.map((a) => ({
          filename: a.filename,
          content_type: a.contentType,
          content: a.content.toString('base64'),
        })),
      );
      await db.execute(
        sql`with mail as (
              insert into sandbox_mail ("to", subject, body, html)
              values (${normalizeEmail(message.to)}, ${message.subject}, ${message.body},
                ${html ?? null})
              returning id
            )
            insert into sandbox_mail_attachments (mail_id, filename, content_type, content)
            select mail.id, f.filename, f.content_type, decode(f.content, 'base64')
            from mail, jsonb_to_recordset(${files}::jsonb)
              as f(filename text, content_type text, content text)`,
      );
    },
  };
}

const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'";
const byId = {
  schema: {
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    querystring: z.object({}).strict(),
  },
};
const noSuchMail = () => new AppError(ERROR_CODES.notFound, 'There is no such message.');

/** The sandbox mailbox page: the last messages sent to one address, with their attachments. */
export function sandboxMailboxRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: mailboxQuerySchema };
  api.get('/api/sandbox/mailbox/', { schema }, async (request, reply) => {
    const { to } = request.query;
    const messages = await db
      .select({
        id: sandboxMail.id,
        subject: sandboxMail.subject,
        body: sandboxMail.body,
        hasHtml: sandboxMail.html,
        createdAt: sandboxMail.createdAt,
      })
      .from(sandboxMail)
      .where(eq(sandboxMail.to, normalizeEmail(to)))
      .orderBy(desc(sandboxMail.id))
      .limit(20);
    const files =
      messages.length === 0
        ? []
        : await db
            .select({
              id: sandboxMailAttachments.id,
              mailId: sandboxMailAttachments.mailId,
              filename: sandboxMailAttachments.filename,
            })
            .from(sandboxMailAttachments)
            .where(
              inArray(
                sandboxMailAttachments.mailId,
                messages.map((m) => m.id),
              ),
            );
    const items = messages
      .map((m) => {
        const links = [
          ...(m.hasHtml ? [`<a href="messages/${m.id}/">HTML</a>`] : []),
          ...files
            .filter((f) => f.mailId === m.id)
            .map((f) => `<a href="attachments/${f.id}/">${escapeHtml(f.filename)}</a>`),
        ];
        const attached = links.length > 0 ? `<p>${links.join(' · ')}</p>` : '';
        return `<article><h2>${escapeHtml(m.subject)}</h2><p><small>${m.createdAt.toISOString()}</small></p><pre>${escapeHtml(m.body)}</pre>${attached}</article>`;
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', SANDBOX_CSP)
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><title>Sandbox mailbox</title><style>body{font:16px system-ui;max-width:40rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}</style><h1>Sandbox mailbox: ${escapeHtml(to)}</h1>${items || '<p>No messages.</p>'}</html>`,
      );
  });

  // The HTML part as the recipient's mail program would show it; no script, no remote content.
  api.get('/api/sandbox/mailbox/messages/:id/', byId, async (request, reply) => {
    const [row] = await db
      .select({ html: sandboxMail.html })
      .from(sandboxMail)
      .where(eq(sandboxMail.id, request.params.id));
    if (!row?.html) throw noSuchMail();
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', SANDBOX_CSP)
      .header('cache-control', 'no-store')
      .send(row.html);
  });

  api.get('/api/sandbox/mailbox/attachments/:id/', byId, async (request, reply) => {
    const [file] = await db
      .select()
      .from(sandboxMailAttachments)
      .where(eq(sandboxMailAttachments.id, request.params.id));
    if (!file) throw noSuchMail();
    return reply
      .type(file.contentType)
      .header('content-disposition', `inline; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .header('content-security-policy', SANDBOX_CSP)
      .header('cache-control', 'no-store')
      .send(file.content);
  });
}
