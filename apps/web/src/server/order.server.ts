/** Reads an order on the server for the success page. */
import 'server-only';
import { orderViewSchema, type OrderView } from '@checkout/core';
import { env } from '../env.server';
import { request } from '../lib/http';
import { getServerContext } from './server-context.server';

export async function loadOrder(id: string | null): Promise<OrderView | null> {
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const { data } = await request<unknown>(`/api/orders/${id}/`, {
    baseUrl: env.API_URL,
    server: await getServerContext(),
  });
  const parsed = orderViewSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
