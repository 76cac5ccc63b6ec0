/**
 * How billing prints a mail's documents: the invoice or credit note PDFs and the mail itself.
 * Here, in the thread that calls; render-pool.ts runs the same functions in worker threads, so
 * the api's requests do not wait behind a backlog of receipts.
 */
import { creditNoteMail, receiptMail, type RenderedMail } from './emails/billing-mails';
import type { InvoiceDocument } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';

export interface DocumentRenderer {
  invoicePdf: (doc: InvoiceDocument) => Promise<Buffer>;
  receiptMail: (input: Parameters<typeof receiptMail>[0]) => Promise<RenderedMail>;
  creditNoteMail: (input: Parameters<typeof creditNoteMail>[0]) => Promise<RenderedMail>;
}

export const renderInThread: DocumentRenderer = {
  invoicePdf: renderInvoicePdf,
  receiptMail,
  creditNoteMail,
};
