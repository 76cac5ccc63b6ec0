/**
 * Payments: provider lists for a cart, POST /api/payments/ with an Idempotency-Key, and the
 * steps a dialog over the checkout takes afterwards (bank-link token exchange, cancel). Each
 * acts only for the browser or account the cart belongs to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  paymentRequestSchema,
  providersFor,
  takesCardFields,
  text,
  type FlowKind,
} from '@checkout/core';
import { solutionOf } from '../card-testing/module';
import type { CartCaller } from '../carts/binding';
import { getCart, updateCart } from '../carts/service';
import { sessionUser } from '../users/sessions';
import { cancelPayment, exchangeToken } from './payment-steps';
import type { PaymentDeps } from './deps';
import { startPayment } from './service';

const listQuery = z.object({ cart_id: text() });

export function paymentRoutes(app: FastifyInstance, deps: PaymentDeps): void {
  const list = async (request: FastifyRequest, flow: FlowKind) => {
    const cartId = listQuery.parse(request.query).cart_id;
    const cart = await getCart(deps, cartId, await deps.binding.callerOf(request));
    // Only what a configured provider can take: none in production with the sandbox off.
    return providersFor(flow, {
      country: cart.country,
      currency: cart.currency,
      amountMinor: cart.totalMinor,
    }).filter((p) => deps.adapterFor(p) !== undefined);
  };
  /** A logged-in shopper buys with the account's e-mail, whatever the cart was given before. */
  const useAccountEmail = async (request: FastifyRequest, caller: CartCaller) => {
    const user = await sessionUser(deps.db, request);
    const cartId = paymentRequestSchema.shape.cartId.safeParse(
      (request.body as { cartId?: unknown } | undefined)?.cartId,
    );
    if (!user || !cartId.success) return;
    const cart = await getCart(deps, cartId.data, caller);
    if (cart.status === 'open' && cart.email !== user.email) {
      await updateCart(deps, cart.id, { email: user.email }, caller);
    }
  };
  app.get('/api/payments/providers/regular/', async (request) => {
    const providers = await list(request, 'payment');
    const methods = [...new Set(providers.map((p) => p.method))];
    return {
      methods: methods.map((method) => ({
        method,
        providers: providers
          .filter((p) => p.method === method)
          .map((p) => ({
            id: p.id,
            action: p.action,
            form: p.form,
            cardFields: takesCardFields(p) ? deps.adapterFor(p)?.cardFieldsUrl : undefined,
          })),
      })),
    };
  });
  app.get('/api/payments/providers/one-click/', async (request) => {
    const providers = await list(request, 'one_click_payment');
    return { providers: providers.map(({ id, action, form }) => ({ id, action, form })) };
  });
  app.post('/api/payments/', async (request, reply) => {
    const caller = await deps.binding.callerOf(request);
    await useAccountEmail(request, caller);
    const key = request.headers['idempotency-key'];
    const action = await startPayment(deps, key, request.body, caller, {
      solution: solutionOf(request.headers),
      remoteIp: request.ip,
    });
    return reply.status(201).send(action);
  });
  app.post('/api/payments/exchange/', async (request) =>
    exchangeToken(deps, request.body, await deps.binding.callerOf(request)),
  );
  app.post('/api/payments/cancel/', async (request) =>
    cancelPayment(deps, request.body, await deps.binding.callerOf(request)),
  );
}
