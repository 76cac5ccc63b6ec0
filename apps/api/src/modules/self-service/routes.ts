/**
 * The account dashboard's actions, bound to the logged-in account (issue 20): auto-renew,
 * cancel, refund, and the upgrades on offer with what each would cost. Parse → service → reply; the rules are in service.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  autoRenewRequestSchema,
  ERROR_CODES,
  noBodySchema,
  noQuerySchema,
  recordParamsSchema,
  upgradeQuoteQuerySchema,
} from '@checkout/core/contract';
import { sessionUser } from '../users/sessions';
import {
  cancelSubscription,
  changeAutoRenew,
  requestRefund,
  type Customer,
  type SelfServiceDeps,
} from './service';
import { quoteUpgrade, upgradeOptions } from './upgrade';

export function selfServiceRoutes(app: FastifyInstance, deps: SelfServiceDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const customer = async (request: FastifyRequest): Promise<Customer> => {
    const user = await sessionUser(deps.db, request);
    if (!user) throw new AppError(ERROR_CODES.unauthenticated, 'Nobody is logged in.');
    return { email: user.email };
  };

  api.put(
    '/api/users/current/subscriptions/:id/auto-renew/',
    { schema: { params: recordParamsSchema, body: autoRenewRequestSchema } },
    async (request) =>
      changeAutoRenew(deps, await customer(request), request.params.id, request.body.autoRenew),
  );

  api.post(
    '/api/users/current/subscriptions/:id/cancel/',
    { schema: { params: recordParamsSchema, body: noBodySchema } },
    async (request) => cancelSubscription(deps, await customer(request), request.params.id),
  );

  api.post(
    '/api/users/current/orders/:id/refund/',
    { schema: { params: recordParamsSchema, body: noBodySchema } },
    async (request) => requestRefund(deps, await customer(request), request.params.id),
  );

  api.get(
    '/api/users/current/subscriptions/:id/upgrade-quote/',
    { schema: { params: recordParamsSchema, querystring: upgradeQuoteQuerySchema } },
    async (request) =>
      quoteUpgrade(deps, await customer(request), request.params.id, request.query.plan),
  );

  api.get(
    '/api/users/current/subscriptions/:id/upgrades/',
    { schema: { params: recordParamsSchema, querystring: noQuerySchema } },
    async (request) => upgradeOptions(deps, await customer(request), request.params.id),
  );
}
