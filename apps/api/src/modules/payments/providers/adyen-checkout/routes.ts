/**
 * POST /api/callback/adyen/: Adyen's standard webhook. The batch is checked whole (basic
 * authentication, every item's HMAC), each event applied once, and answered `[accepted]` as
 * Adyen requires; a refusal is a 4xx with a code and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdyenConfig } from './env';
import { applyAdyenEvent, type EventDeps } from './events';
import { readAdyenNotification } from './notifications';

export function adyenWebhookRoutes(
  app: FastifyInstance,
  config: AdyenConfig,
  deps: EventDeps,
): void {
  void app.register((scope, _options, done) => {
    // The signatures cover fields of the body as sent: it is read here, JSON only.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, parsed) => parsed(null, body),
    );
    const api = scope.withTypeProvider<ZodTypeProvider>();
    // Authenticated before anything is read; Adyen sends from a few addresses in bursts.
    const config_ = { rateLimit: false as const };
    api.post(
      '/api/callback/adyen/',
      { schema: { body: z.string() }, config: config_ },
      async (request, reply) => {
        const receivedAt = new Date();
        const events = readAdyenNotification(config, {
          headers: request.headers,
          body: request.body,
          receivedAt,
        });
        if (events instanceof Error) throw events;
        for (const event of events) await applyAdyenEvent(deps, event, receivedAt);
        return reply.type('text/plain').send('[accepted]');
      },
    );
    done();
  });
}
