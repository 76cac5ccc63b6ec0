/** The sandbox mailbox: messages the api sent while no SMTP_URL is set, readable on a page. */
import { customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox mail transport: messages the api sent, readable on a page. */
export const sandboxMail = pgTable('sandbox_mail', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The HTML part, when the message has one (receipts); shown in a sandboxed frame. */
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Files attached to a sandbox message (invoice PDFs), downloadable from the mailbox page. */
export const sandboxMailAttachments = pgTable(
  'sandbox_mail_attachments',
  {
    id: serial('id').primaryKey(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => sandboxMail.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('sandbox_mail_attachments_by_mail').on(t.mailId)],
);
