/** Reads an order, and whether its receipt is on its way, on the server for the success page. */
import 'server-only';
import { isRecordId, orderViewSchema, type OrderView } from '@checkout/core';
import { receiptStatusSchema } from '@checkout/core/contract';
import { apiGet } from './api.server';

export function loadOrder(id: string | null): Promise<OrderView | null> {
  return isRecordId(id) ? apiGet(`/api/orders/${id}/`, orderViewSchema) : Promise.resolve(null);
}

/** Whether the order's receipt is queued or sent: the success page says so only then. */
export async function receiptQueued(id: string): Promise<boolean> {
  const status = await apiGet(`/api/billing/receipts/${id}/`, receiptStatusSchema);
  return status?.queued ?? false;
}
