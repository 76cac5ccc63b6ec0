/** Reads an order on the server for the success page. */
import 'server-only';
import { isRecordId, orderViewSchema, type OrderView } from '@checkout/core';
import { apiGet } from './api.server';

export function loadOrder(id: string | null): Promise<OrderView | null> {
  return isRecordId(id) ? apiGet(`/api/orders/${id}/`, orderViewSchema) : Promise.resolve(null);
}
