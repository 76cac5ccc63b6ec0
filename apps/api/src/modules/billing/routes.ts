/**
 * Billing's HTTP surface: the logged-in account's invoices and credit notes (list and PDF), and
 * whether an order's receipt is on its way (what the success page may say).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { normalizeEmail, recordIdSchema } from '@checkout/core';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { sessionUser } from '../users/sessions';
import { renderInvoicePdf } from './invoice-pdf';
import { receiptQueued } from './issue';
import { invoices } from './tables';

const LIMIT = 100;
const noQuery = { schema: { querystring: z.object({}).strict() } };
const unauthenticated = () => new AppError(ERROR_CODES.unauthenticated, 'Nobody is logged in.');
/** Another account's document answers exactly like one that does not exist. */
const noSuchDocument = () => new AppError(ERROR_CODES.notFound, 'There is no such document.');

export function billingRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/users/current/invoices/', noQuery, async (request) => {
    const user = await sessionUser(db, request);
    if (!user) throw unauthenticated();
    const rows = await db
      .select()
      .from(invoices)
      .where(eq(invoices.email, normalizeEmail(user.email)))
      .orderBy(desc(invoices.issuedAt), desc(invoices.numberText))
      .limit(LIMIT);
    return {
      documents: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        number: row.numberText,
        issuedAt: row.issuedAt.toISOString(),
        orderId: row.orderId,
        seller: row.document.seller.name,
        currency: row.document.currency,
        totalMinor: row.document.totalMinor,
      })),
    };
  });

  api.get(
    '/api/users/current/invoices/:id/pdf/',
    {
      schema: { params: z.object({ id: z.string().max(64) }), querystring: z.object({}).strict() },
    },
    async (request, reply) => {
      const user = await sessionUser(db, request);
      if (!user) throw unauthenticated();
      const id = recordIdSchema.safeParse(request.params.id);
      if (!id.success) throw noSuchDocument();
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id.data), eq(invoices.email, normalizeEmail(user.email))));
      if (!row) throw noSuchDocument();
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${row.numberText}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await renderInvoicePdf(row.document));
    },
  );

  api.get(
    '/api/billing/receipts/:orderId/',
    {
      schema: {
        params: z.object({ orderId: z.string().max(64) }),
        querystring: z.object({}).strict(),
      },
    },
    async (request) => {
      const id = recordIdSchema.safeParse(request.params.orderId);
      return { queued: id.success ? await receiptQueued(db, id.data) : false };
    },
  );
}
