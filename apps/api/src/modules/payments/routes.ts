/**
 * Payments: provider lists for a cart, POST /api/payments/ with an Idempotency-Key, and the
 * steps a dialog over the checkout takes afterwards (bank-link token exchange, cancel). Each
 * acts only for the browser or account the cart belongs to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartQuerySchema, IDEMPOTENCY_KEY_HEADER } from '@checkout/core/contract';
import {
  idempotencyKeySchema,
  paymentCancelRequestSchema,
  paymentDetailsRequestSchema,
  paymentRequestSchema,
  providersFor,
  takesCardFields,
  tokenExchangeRequestSchema,
  type FlowKind,
  type PaymentRequest,
} from '@checkout/core';
import type { OneClickProviders, ProviderOption, RegularProviders } from '@checkout/core/contract';
import { solutionOf } from '../card-testing/module';
import type { CartCaller } from '../carts/binding';
import { getCart, updateCart } from '../carts/service';
import { sessionUser } from '../users/sessions';
import { offeredProviders, type OfferedProvider } from './payment-data';
import { cancelPayment, exchangeToken, submitDetails } from './payment-steps';
import type { PaymentDeps } from './deps';
import { startPayment } from './service';

export function paymentRoutes(app: FastifyInstance, deps: PaymentDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const list = async (request: FastifyRequest, cartId: string, flow: FlowKind) => {
    const cart = await getCart(deps, cartId, await deps.binding.callerOf(request));
    // Only what a configured provider can take (none in production with the sandbox off), and
    // of a provider that lists its methods (Adyen), only what it lists for this order.
    const order = { country: cart.country, currency: cart.currency, amountMinor: cart.totalMinor };
    return offeredProviders(deps.adapterFor, providersFor(flow, order), order);
  };
  /** A logged-in shopper buys with the account's e-mail, whatever the cart was given before. */
  const useAccountEmail = async (
    request: FastifyRequest,
    { cartId }: PaymentRequest,
    caller: CartCaller,
  ) => {
    const user = await sessionUser(deps.db, request);
    if (!user) return;
    const cart = await getCart(deps, cartId, caller);
    if (cart.status === 'open' && cart.email !== user.email) {
      await updateCart(deps, cart.id, { email: user.email }, caller);
    }
  };
  /** One provider as the payment page sees it (core's providerOptionSchema). */
  const optionOf = (p: OfferedProvider): ProviderOption => ({
    id: p.id,
    action: p.action,
    form: p.form,
    source: 'regular',
    cardFields: takesCardFields(p) ? deps.adapterFor(p)?.cardFieldsUrl : undefined,
    ...(p.configuration ? { configuration: p.configuration } : {}),
  });
  const listSchema = { schema: { querystring: cartQuerySchema } };
  api.get('/api/payments/providers/regular/', listSchema, async (request) => {
    const providers = await list(request, request.query.cart_id, 'payment');
    const methods = [...new Set(providers.map((p) => p.method))];
    return {
      methods: methods.map((method) => ({
        method,
        providers: providers.filter((p) => p.method === method).map(optionOf),
      })),
    } satisfies RegularProviders;
  });
  api.get('/api/payments/providers/one-click/', listSchema, async (request) => {
    const providers = await list(request, request.query.cart_id, 'one_click_payment');
    return { providers: providers.map(optionOf) } satisfies OneClickProviders;
  });
  const paySchema = { schema: { body: paymentRequestSchema } };
  api.post('/api/payments/', paySchema, async (request, reply) => {
    const caller = await deps.binding.callerOf(request);
    await useAccountEmail(request, request.body, caller);
    const key = idempotencyKeySchema.parse(request.headers[IDEMPOTENCY_KEY_HEADER]);
    const action = await startPayment(deps, key, request.body, caller, {
      solution: solutionOf(request.headers),
      remoteIp: request.ip,
    });
    await deps.attributeOrder?.(action.orderId, request);
    return reply.status(201).send(action);
  });
  api.post(
    '/api/payments/exchange/',
    { schema: { body: tokenExchangeRequestSchema } },
    async (request) => exchangeToken(deps, request.body, await deps.binding.callerOf(request)),
  );
  api.post(
    '/api/payments/details/',
    { schema: { body: paymentDetailsRequestSchema } },
    async (request) => submitDetails(deps, request.body, await deps.binding.callerOf(request)),
  );
  api.post(
    '/api/payments/cancel/',
    { schema: { body: paymentCancelRequestSchema } },
    async (request) => cancelPayment(deps, request.body, await deps.binding.callerOf(request)),
  );
}
