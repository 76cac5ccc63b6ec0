/** The billing boundary (api ↔ web): the account's invoices and credit notes, receipt status. */
import { z } from 'zod';
import { text } from '../text';

export const BILLING_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;

/** GET /api/users/current/invoices/: the logged-in account's documents, newest first. */
export const billingDocumentsSchema = z.object({
  documents: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(BILLING_DOCUMENT_KINDS),
      number: text(),
      issuedAt: text(),
      orderId: z.uuid(),
      seller: text(),
      currency: text(),
      totalMinor: z.number().int(),
    }),
  ),
});
export type BillingDocuments = z.infer<typeof billingDocumentsSchema>;

/** GET /api/billing/receipts/:orderId/: whether the order's receipt is queued or sent. */
export const receiptStatusSchema = z.object({ queued: z.boolean() });

/** Where the browser downloads one of the account's documents as a PDF. */
export const billingDocumentPdfPath = (id: string) => `/api/users/current/invoices/${id}/pdf/`;
