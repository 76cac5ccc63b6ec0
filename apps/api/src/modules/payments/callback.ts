/**
 * POST /api/callback/: provider notifications. The configured adapters read it in turn; the one
 * whose signature header it carries verifies it and says what it means in our words. Applied
 * once per event id: the event is recorded once its effect is applied, so a delivery that dies
 * before (a crash, an error) leaves the provider's retry to apply it. A provider with a channel
 * of its own (Adyen) is heard at /api/callback/<provider>/: its events are checked and recorded
 * in the notification inbox, and a job applies them (notification-inbox.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import type { OrderStatus } from '@checkout/core';
import { queryRows } from '../../db/client';
import { recordWebhookLag } from './business-metrics';
import type { Jobs } from '../../jobs/queue';
import type { PaymentFaults } from './deps';
import { channelsOf, INBOX_JOB, recordEvents } from './notification-inbox';
import { applyProviderStatus, unchangedBy, type OutcomeDeps } from './outcome';
import type {
  IncomingNotification,
  PaymentAdapter,
  ProviderNotification,
} from './providers/adapter';

/** The notification as the adapter that recognises it reads it; a refusal otherwise. */
async function verify(
  adapters: readonly PaymentAdapter[],
  incoming: IncomingNotification,
): Promise<ProviderNotification> {
  for (const adapter of adapters) {
    const read = await adapter.verifyNotification(incoming);
    if (read instanceof AppError) throw read;
    if (read) return read;
  }
  throw new AppError(ERROR_CODES.invalidSignature, 'Webhook signature malformed.');
}

/**
 * Applies a verified notification once per event id: the event is recorded once its effect is
 * applied, so a delivery that dies before (a crash, an error) leaves the provider's retry to
 * apply it. Two deliveries of one event at once may both apply it, which moves the order once
 * (payments/outcome.ts). Answers whether it was a repeat and moved anything.
 */
export async function applyNotification(
  deps: OutcomeDeps & { faults?: PaymentFaults | undefined },
  event: ProviderNotification,
  receivedAt: Date,
): Promise<{ received: true; duplicate?: true; applied?: boolean }> {
  const { db } = deps;
  // One statement asks whether the event was applied already and finds its payment and order;
  // when the order is where the event would put it (a capture the payment's answer already
  // applied), there is nothing to apply, and the same statement records the event.
  const unchanged = JSON.stringify(unchangedBy(event.status));
  const [found] = await queryRows<{
    applied: boolean;
    recorded: boolean;
    provider: string | null;
    order_id: string | null;
    status: OrderStatus | null;
  }>(
    db,
    sql`with found as (
      select exists (select 1 from webhook_events where id = ${event.eventId}) as applied,
        p.provider, p.order_id, o.status
      from (select ${event.paymentId}::uuid as id) n
      left join payments p on p.id = n.id
      left join orders o on o.id = p.order_id
    ), recorded as (
      insert into webhook_events (id, payment_id, status)
      select ${event.eventId}::text, ${event.paymentId}::text, ${event.status}::text from found
      where not found.applied
        and found.status in (select jsonb_array_elements_text(${unchanged}::jsonb))
      on conflict do nothing
      returning id
    )
    select found.*, exists (select 1 from recorded) as recorded from found`,
  );
  if (found?.applied) return { received: true, duplicate: true };
  if (!found?.order_id || !found.status)
    throw new AppError(ERROR_CODES.notFound, 'Unknown payment.');
  if (event.signedAt !== undefined && found.provider)
    recordWebhookLag((receivedAt.getTime() - event.signedAt.getTime()) / 1000, found.provider);
  if (found.recorded) return { received: true, applied: false };
  // Applied, then recorded, or answered with an error (the provider retries): never
  // acknowledged and dropped, least of all a capture.
  const order = { id: found.order_id, status: found.status };
  deps.faults?.beforeNotificationApplied?.({ eventId: event.eventId, orderId: order.id });
  const applied = await applyProviderStatus(deps, order, event.status, 'webhook');
  await queryRows(
    db,
    sql`insert into webhook_events (id, payment_id, status)
      values (${event.eventId}, ${event.paymentId}, ${event.status})
      on conflict do nothing`,
  );
  return { received: true, applied };
}

export function callbackRoutes(
  app: FastifyInstance,
  /** Refunds need the provider's adapter: a capture for a cart paid by another order goes back. */
  deps: OutcomeDeps & { faults?: PaymentFaults | undefined },
  adapters: readonly PaymentAdapter[],
  jobs: Jobs,
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
    // The body stays the bytes that were signed; the adapter that recognises it parses it.
    const schema = { body: z.string() };
    const api = scope.withTypeProvider<ZodTypeProvider>();
    // Not under the per-address limit: one provider sends every payment's notifications from a
    // few addresses (the sandbox from 127.0.0.1), hundreds a second during renewals, and each
    // is authenticated by its signature before anything is read.
    const config = { rateLimit: false as const };
    api.post('/api/callback/', { schema, config }, async (request) => {
      const receivedAt = new Date();
      const event = await verify(adapters, {
        headers: request.headers,
        body: request.body,
        receivedAt,
      });
      return applyNotification(deps, event, receivedAt);
    });
    // A provider with a channel of its own (Adyen: /api/callback/adyen/): its request is checked
    // whole and its events recorded, and the provider answered at once; a job applies them.
    const channels = channelsOf(adapters);
    const byProvider = { ...schema, params: z.object({ provider: z.string().max(64) }) };
    api.post('/api/callback/:provider/', { schema: byProvider, config }, async (request, reply) => {
      const channel = channels.get(request.params.provider);
      if (!channel) throw new AppError(ERROR_CODES.notFound, 'No such notification address.');
      const receivedAt = new Date();
      const events = await channel.verify({
        headers: request.headers,
        body: request.body,
        receivedAt,
      });
      if (events instanceof AppError) throw events;
      await recordEvents(deps.db, channel.provider, events, receivedAt);
      if (events.length > 0) await jobs.send(INBOX_JOB, {});
      return reply.type('text/plain').send(channel.acknowledgement);
    });
    done();
  });
}
