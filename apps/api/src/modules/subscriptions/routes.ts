/** The customer's card for renewals, and the sandbox clock that brings renewals due (tests). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  clockAdvanceSchema,
  ERROR_CODES,
  paymentMethodRequestSchema,
  subscriptionParamsSchema,
  type ClockView,
} from '@checkout/core';
import type { AdjustableClock } from '../../jobs/clock';
import { sessionUser } from '../users/sessions';
import { replacePaymentMethod } from './payment-method';
import type { RenewalDeps } from './renewals';

export function paymentMethodRoutes(app: FastifyInstance, deps: RenewalDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/subscriptions/:id/payment-method/',
    { schema: { params: subscriptionParamsSchema, body: paymentMethodRequestSchema } },
    async (request) => {
      const user = await sessionUser(deps.db, request);
      if (!user) throw new AppError(ERROR_CODES.unauthenticated, 'Nobody is logged in.');
      return replacePaymentMethod(deps, user.email, request.params.id, request.body.cardToken);
    },
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
