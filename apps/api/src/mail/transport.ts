/**
 * The api's one mail transport, chosen once by app.ts and handed to every module that mails
 * (identity's codes, billing's receipts and renewal notices): SMTP when SMTP_URL is set,
 * otherwise the sandbox mailbox, which only a local run has (production refuses to start
 * without SMTP_URL). The mailbox page is served only while mail goes to it: it shows anyone the
 * mail of any address.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { ApiEnv } from '../env';
import type { Mailer } from './mailer';
import { sandboxMailboxRoutes, sandboxMailer } from './sandbox-mailbox';
import { smtpMailer } from './smtp-mailer';

export function mailTransport(app: FastifyInstance, db: Database, env: ApiEnv): Mailer {
  if (env.SMTP_URL) {
    const smtp = smtpMailer(env.SMTP_URL, env.MAIL_FROM);
    app.addHook('onClose', () => smtp.close());
    return logged(smtp, 'smtp', app.log);
  }
  // loadEnv refuses this; a hand-made configuration must not serve the mailbox in production.
  if (env.NODE_ENV === 'production') throw new Error('SMTP_URL is required in production');
  sandboxMailboxRoutes(app, db);
  return logged(sandboxMailer(db), 'sandbox', app.log);
}

/** One 'mail sent' line per mail handed over, for the operator: never its address or text. */
function logged(mailer: Mailer, transport: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await mailer.send(message);
      log.info({ transport, attachments: message.attachments?.length ?? 0 }, 'mail sent');
    },
  };
}
