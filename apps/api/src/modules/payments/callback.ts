/** POST /api/callback/: signed provider notifications, applied once per event id. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, ERROR_CODES, findProvider, text, type OrderStatus } from '@checkout/core';
import { queryRows } from '../../db/client';
import { applyProviderStatus } from './provider-word';
import { familyFor } from './providers/registry';
import type { RefundDeps } from './refunds';
import { recordWebhookLag } from '../../telemetry/business-metrics';
import { SIGNATURE_HEADER, signedAt, verifyWebhook } from './webhook-signature';

const notification = z.object({
  id: text().min(1).max(128),
  paymentId: z.uuid(),
  status: text().min(1).max(64),
});

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new AppError(ERROR_CODES.validation, 'The notification is not JSON.');
  }
}

/** Forgets an event that could not be applied, so the provider's retry of it is not a duplicate. */
async function forgetEvent(deps: RefundDeps, id: string): Promise<void> {
  await queryRows(deps.db, sql`delete from webhook_events where id = ${id}`);
}

export function callbackRoutes(
  app: FastifyInstance,
  /** Refunds need the provider's adapter: a capture for a cart paid by another order goes back. */
  deps: RefundDeps,
  secret: string,
): void {
  const { db } = deps;
  void app.register((scope, _options, done) => {
    // The signature covers the raw bytes, so this route keeps the body as received. Providers
    // notify in JSON only: any other body type (the root's form parser among them) is a 415.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, parsed) => parsed(null, body),
    );
    // The body stays the bytes that were signed; it is parsed once the signature holds.
    const schema = { body: z.string() };
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.post('/api/callback/', { schema }, async (request) => {
      const raw = request.body;
      const check = verifyWebhook(
        secret,
        request.headers[SIGNATURE_HEADER] as string | undefined,
        raw,
        Math.floor(Date.now() / 1000),
      );
      if (check !== 'valid')
        throw new AppError(ERROR_CODES.invalidSignature, `Webhook signature ${check}.`);
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
        throw new AppError(ERROR_CODES.notFound, 'Unknown payment.');
      recordWebhookLag(
        Date.now() / 1000 - signedAt(request.headers[SIGNATURE_HEADER]),
        provider.id,
      );
      const status = familyFor(provider).statusFor(event.status);
      if (!status)
        throw new AppError(
          ERROR_CODES.unknownProviderStatus,
          `Unknown ${provider.family} status ${event.status}.`,
        );
      // Applied now or answered with an error (the provider retries): never acknowledged and
      // dropped, least of all a capture.
      const order = { id: found.order_id, status: found.status };
      try {
        const applied = await applyProviderStatus(deps, order, status, 'webhook');
        return { received: true, applied };
      } catch (error) {
        await forgetEvent(deps, event.id);
        throw error;
      }
    });
    done();
  });
}
