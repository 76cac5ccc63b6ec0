/**
 * An order's statuses (spec §3), apart from the moves and schemas of orders.ts: the browser reads
 * them (the payment_status parameter) without loading zod for the order schemas.
 */
export const ORDER_STATUSES = [
  'new',
  'pending',
  'paid',
  'canceled',
  'error',
  'refund_due',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
