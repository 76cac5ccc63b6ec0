/** Reads the shopper's cart (from `cart_id`) on the server, so a reload renders it at once. */
import 'server-only';
import { cartViewSchema, isRecordId, type CartView } from '@checkout/core';
import { apiGet } from './api.server';

export function loadCart(id: string | null): Promise<CartView | null> {
  return isRecordId(id) ? apiGet(`/api/carts/${id}/`, cartViewSchema) : Promise.resolve(null);
}
