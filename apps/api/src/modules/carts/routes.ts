/** /api/carts/: create, read and update a cart (parse → service → reply), for its owner only. */
import type { FastifyInstance } from 'fastify';
import type { CartInput, CartPatch } from '@checkout/core';
import { createCart, getCart, updateCart, type CartDeps } from './service';

export function cartRoutes(app: FastifyInstance, deps: CartDeps): void {
  app.post('/api/carts/', async (request, reply) => {
    const { caller, remember } = await deps.binding.claim(request);
    const cart = await createCart(deps, request.body as CartInput, caller);
    remember(reply);
    return reply.status(201).send(cart);
  });
  app.get<{ Params: { id: string } }>('/api/carts/:id/', async (request) =>
    getCart(deps, request.params.id, await deps.binding.callerOf(request)),
  );
  app.patch<{ Params: { id: string } }>('/api/carts/:id/', async (request) =>
    updateCart(
      deps,
      request.params.id,
      request.body as CartPatch,
      await deps.binding.callerOf(request),
    ),
  );
}
