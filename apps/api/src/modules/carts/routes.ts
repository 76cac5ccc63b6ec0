/** /api/carts/: create, read and update a cart (parse → service → reply). */
import type { FastifyInstance } from 'fastify';
import type { CartInput, CartPatch } from '@checkout/core';
import { createCart, getCart, updateCart, type CartDeps } from './service';

export function cartRoutes(app: FastifyInstance, deps: CartDeps): void {
  app.post('/api/carts/', async (request, reply) => {
    const cart = await createCart(deps, request.body as CartInput);
    return reply.status(201).send(cart);
  });
  app.get<{ Params: { id: string } }>('/api/carts/:id/', (request) =>
    getCart(deps, request.params.id),
  );
  app.patch<{ Params: { id: string } }>('/api/carts/:id/', (request) =>
    updateCart(deps, request.params.id, request.body as CartPatch),
  );
}
