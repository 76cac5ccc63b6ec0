/**
 * POST /api/events/ (the first-party collector: batches from navigator.sendBeacon),
 * POST /api/consent/ (proof of each consent decision), and, with the sandbox on, a read-back
 * of one browser's events for the end-to-end tests.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ANALYTICS_BROWSER_COOKIE,
  analyticsBatchEnvelopeSchema,
  analyticsBatchSchema,
  MAX_EVENT_BATCH,
  type AnalyticsBatch,
  browserEventsQuerySchema,
  consentDecisionSchema,
  normalizeCountry,
} from '@checkout/core';
import { deviceOf, VISITOR_COUNTRY_HEADER } from '@checkout/core/contract';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { collectBatch, recordConsent, refusalReason } from './service';
import { countRefusal, eventsOfBrowser } from './store';

export interface AnalyticsRouteOptions {
  /** Batches per minute one browser may send (its id cookie, else its address). */
  batchesPerMinute: number;
  /** Serve the read-back route (never in production without the sandbox). */
  sandbox: boolean;
}

/** 50 events of a few hundred bytes each, with room; beyond it the body is refused (413). */
const BODY_LIMIT = 64 * 1024;

/** The browser's id from its cookie header (the rate limit runs before cookies are parsed). */
function browserKey(request: FastifyRequest): string {
  const match = new RegExp(`(?:^|;\\s*)${ANALYTICS_BROWSER_COOKIE}=([\\w-]{36})`).exec(
    request.headers.cookie ?? '',
  );
  return match?.[1] ? `browser:${match[1]}` : `ip:${request.ip}`;
}

/**
 * A batch whose envelope the route checked, read whole or refused whole: past the cap a 413,
 * else its events one by one (a refusal names the first bad event's reason).
 */
function readBatch(envelope: { events: unknown[] }): AnalyticsBatch {
  if (envelope.events.length > MAX_EVENT_BATCH) {
    throw new AppError(
      ERROR_CODES.payloadTooLarge,
      `A batch holds at most ${MAX_EVENT_BATCH} events.`,
    );
  }
  return analyticsBatchSchema.parse(envelope);
}

export function analyticsRoutes(
  app: FastifyInstance,
  db: Database,
  options: AnalyticsRouteOptions,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/events/',
    {
      schema: { body: analyticsBatchEnvelopeSchema },
      bodyLimit: BODY_LIMIT,
      config: {
        rateLimit: {
          max: options.batchesPerMinute,
          timeWindow: '1 minute',
          keyGenerator: browserKey,
        },
      },
      // Every refused batch is counted by reason, whichever step refused it.
      onError: async (request, reply, error) => {
        if (reply.statusCode >= 500 && !(error instanceof z.ZodError)) return;
        await countRefusal(db, refusalReason(error)).catch((failure: unknown) =>
          request.log.warn({ err: failure }, 'counting a refused analytics batch failed'),
        );
      },
    },
    async (request, reply) => {
      const country = request.headers[VISITOR_COUNTRY_HEADER];
      const accepted = await collectBatch(db, readBatch(request.body), {
        country: normalizeCountry(typeof country === 'string' ? country : undefined) ?? null,
        device: deviceOf(request.headers['user-agent']),
      });
      return reply.status(202).send({ accepted });
    },
  );

  api.post('/api/consent/', { schema: { body: consentDecisionSchema } }, async (request, reply) => {
    const recorded = await recordConsent(db, request.body, {
      gpc: request.headers['sec-gpc'] === '1',
      browserId: request.cookies[ANALYTICS_BROWSER_COOKIE],
    });
    return reply.status(201).send(recorded);
  });

  if (options.sandbox) {
    api.get(
      '/api/sandbox/events/',
      { schema: { querystring: browserEventsQuerySchema } },
      async (request) => ({ events: await eventsOfBrowser(db, request.query.browser_id) }),
    );
  }
}
