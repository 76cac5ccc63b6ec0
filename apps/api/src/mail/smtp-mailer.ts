/** The real mail transport: SMTP through nodemailer, configured by SMTP_URL and MAIL_FROM. */
import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer';

export interface SmtpMailer extends Mailer {
  close(): void;
}

/** What an SMTP failure may say: a server's reply often quotes the recipient's address. */
function safeError(error: unknown): Error {
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const detail = [code, responseCode].filter((v) => typeof v === 'string' || typeof v === 'number');
  return new Error(`SMTP delivery failed${detail.length > 0 ? ` (${detail.join(' ')})` : ''}`);
}

/**
 * A few pooled connections (nodemailer's pool: up to 5, each for 100 messages, then a fresh
 * one): every paid order mails a receipt, and a connection per message cost each its own TCP and
 * SMTP handshake. Short timeouts, because a shopper waits on the sign-up answer. smtps:// is TLS
 * from the start; smtp:// upgrades when the server offers STARTTLS (add ?requireTLS=true to
 * insist).
 */
export function smtpMailer(url: string, from: string): SmtpMailer {
  const transport = createTransport({
    url,
    pool: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send({ to, subject, body, html, attachments = [] }) {
      try {
        await transport.sendMail({
          from,
          to,
          subject,
          text: body,
          ...(html ? { html } : {}),
          attachments: attachments.map((a) => ({ ...a })),
        });
      } catch (error) {
        throw safeError(error);
      }
    },
    close: () => transport.close(),
  };
}
