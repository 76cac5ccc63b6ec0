/** Reads the shopper's cart (from `cart_id`) on the server, so a reload renders it at once. */
import 'server-only';
import { cartIdSchema, cartViewSchema, type CartView } from '@checkout/core';
import { env } from '../env.server';
import { request } from '../lib/http';
import { getServerContext } from './server-context.server';

export async function loadCart(id: string | null): Promise<CartView | null> {
  if (!id || !cartIdSchema.safeParse(id).success) return null;
  const { data } = await request<unknown>(`/api/carts/${id}/`, {
    baseUrl: env.API_URL,
    server: await getServerContext(),
  });
  const parsed = cartViewSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
