/** POST /api/callback/: signed provider notifications, applied once per event id. */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, ERROR_CODES, findProvider } from '@checkout/core';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { transitionOrder } from '../orders/service';
import { familyFor } from './providers/registry';
import { payments, webhookEvents } from './tables';
import { SIGNATURE_HEADER, verifyWebhook } from './webhook-signature';

const notification = z.object({
  id: z.string().min(1).max(128),
  paymentId: z.uuid(),
  status: z.string().min(1).max(64),
});

export function callbackRoutes(
  app: FastifyInstance,
  db: Database,
  catalog: Catalog,
  secret: string,
): void {
  void app.register((scope, _options, done) => {
    // The signature covers the raw bytes, so this route keeps the body as received.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.post('/api/callback/', async (request) => {
      const raw = String(request.body);
      const check = verifyWebhook(
        secret,
        request.headers[SIGNATURE_HEADER] as string | undefined,
        raw,
        Math.floor(Date.now() / 1000),
      );
      if (check !== 'valid')
        throw new AppError(ERROR_CODES.validation, 401, `Webhook signature ${check}.`);
      const event = notification.parse(JSON.parse(raw));
      const inserted = await db
        .insert(webhookEvents)
        .values(event)
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) return { received: true, duplicate: true };
      const [payment] = await db.select().from(payments).where(eq(payments.id, event.paymentId));
      const provider = payment && findProvider(payment.provider);
      if (!payment || !provider) throw new AppError(ERROR_CODES.notFound, 404, 'Unknown payment.');
      const status = familyFor(provider).statusFor(event.status);
      if (!status)
        throw new AppError(
          ERROR_CODES.validation,
          422,
          `Unknown ${provider.family} status ${event.status}.`,
        );
      const applied = await transitionOrder(db, catalog, payment.orderId, status, 'webhook');
      return { received: true, applied };
    });
    done();
  });
}
