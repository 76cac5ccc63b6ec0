/** /api/carts/: create, read and update a cart (parse → service → reply), for its owner only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartInputSchema, cartPatchSchema } from '@checkout/core';
import { noQuerySchema, recordParamsSchema } from '@checkout/core/contract';
import { createCart, getCart, updateCart, type CartDeps } from './service';

export function cartRoutes(app: FastifyInstance, deps: CartDeps): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post('/api/carts/', { schema: { body: cartInputSchema } }, async (request, reply) => {
    const { caller, remember } = await deps.binding.claim(request);
    const cart = await createCart(deps, request.body, caller);
    remember(reply);
    return reply.status(201).send(cart);
  });
  api.get(
    '/api/carts/:id/',
    { schema: { params: recordParamsSchema, querystring: noQuerySchema } },
    async (request) => getCart(deps, request.params.id, await deps.binding.callerOf(request)),
  );
  api.patch(
    '/api/carts/:id/',
    { schema: { params: recordParamsSchema, body: cartPatchSchema } },
    async (request) =>
      updateCart(deps, request.params.id, request.body, await deps.binding.callerOf(request)),
  );
}
