/** The customer's card for renewals (shown and replaced), and the sandbox clock that brings renewals due (tests). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES, noQuerySchema } from '@checkout/core/contract';
import {
  clockAdvanceSchema,
  paymentMethodRequestSchema,
  subscriptionParamsSchema,
  type ClockView,
  type SubscriptionCardView,
} from '@checkout/core';
import type { AdjustableClock } from '../../jobs/clock';
import { sessionUser } from '../users/sessions';
import { subscriptionCard } from './card-on-file';
import { replacePaymentMethod } from './payment-method';
import type { RenewalDeps } from './renewals';

export function paymentMethodRoutes(app: FastifyInstance, deps: RenewalDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const owner = async (request: FastifyRequest) => {
    const user = await sessionUser(deps.db, request);
    if (!user) throw new AppError(ERROR_CODES.unauthenticated, 'Nobody is logged in.');
    return user.email;
  };
  api.get(
    '/api/subscriptions/:id/payment-method/',
    { schema: { params: subscriptionParamsSchema, querystring: noQuerySchema } },
    async (request): Promise<SubscriptionCardView> =>
      subscriptionCard(deps, await owner(request), request.params.id),
  );
  api.post(
    '/api/subscriptions/:id/payment-method/',
    { schema: { params: subscriptionParamsSchema, body: paymentMethodRequestSchema } },
    async (request) =>
      replacePaymentMethod(deps, await owner(request), request.params.id, request.body),
  );
}

/**
 * POST /api/sandbox/clock/: moves the api's clock forward and runs what became due at once, so
 * a browser test reaches a renewal date without sleeping. Registered outside production only.
 */
export function clockRoutes(
  app: FastifyInstance,
  clock: AdjustableClock,
  runDue: () => Promise<void>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/sandbox/clock/', { schema: { body: clockAdvanceSchema } }, async (request) => {
    const now = clock.advance(request.body.advanceMs);
    await runDue();
    return { now: now.toISOString() } satisfies ClockView;
  });
}
