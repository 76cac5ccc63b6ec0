/** POST /api/callback/: signed provider notifications, applied once per event id. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  AppError,
  canTransition,
  ERROR_CODES,
  findProvider,
  text,
  type OrderStatus,
} from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { transitionOrder } from '../orders/service';
import { familyFor } from './providers/registry';
import { SIGNATURE_HEADER, verifyWebhook } from './webhook-signature';

const notification = z.object({
  id: text().min(1).max(128),
  paymentId: z.uuid(),
  status: text().min(1).max(64),
});

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError(ERROR_CODES.validation, 400, 'The notification is not JSON.');
  }
}

export function callbackRoutes(
  app: FastifyInstance,
  db: Database,
  catalog: Catalog,
  secret: string,
): void {
  void app.register((scope, _options, done) => {
    // The signature covers the raw bytes, so this route keeps the body as received. Providers
    // notify in JSON only: any other body type (the root's form parser among them) is a 415.
    scope.removeAllContentTypeParsers();
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
      const event = notification.parse(parseJson(raw));
      // One statement records the event (once per id) and finds its payment and order.
      const [found] = await queryRows<{
        provider: string | null;
        order_id: string | null;
        status: OrderStatus | null;
      }>(
        db,
        sql`with recorded as (
          insert into webhook_events (id, payment_id, status)
          values (${event.id}, ${event.paymentId}, ${event.status})
          on conflict do nothing returning payment_id
        )
        select p.provider, p.order_id, o.status from recorded r
        left join payments p on p.id = r.payment_id::uuid
        left join orders o on o.id = p.order_id`,
      );
      if (!found) return { received: true, duplicate: true };
      const provider = found.provider ? findProvider(found.provider) : undefined;
      if (!provider || !found.order_id || !found.status)
        throw new AppError(ERROR_CODES.notFound, 404, 'Unknown payment.');
      const status = familyFor(provider).statusFor(event.status);
      if (!status)
        throw new AppError(
          ERROR_CODES.validation,
          422,
          `Unknown ${provider.family} status ${event.status}.`,
        );
      // Most notifications arrive after the order moved: nothing to lock.
      if (!canTransition(found.status, status)) return { received: true, applied: false };
      const applied = await transitionOrder(db, catalog, found.order_id, status, 'webhook');
      return { received: true, applied };
    });
    done();
  });
}
