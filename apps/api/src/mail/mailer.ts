/**
 * Outgoing mail of the api, as every module that mails sees it: one `send`, whichever transport
 * app.ts chose (mail/transport.ts: SMTP, or the sandbox mailbox of a local run).
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part (every message has one). */
  body: string;
  html?: string | undefined;
  attachments?: readonly MailAttachment[] | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
