/** Order status and the only moves it may make (spec §3 statuses; the moves are our design). */
export const ORDER_STATUSES = ['new', 'pending', 'paid', 'canceled', 'error'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * new → pending (asynchronous methods), paid, canceled (shopper left the provider), error
 * (declined); pending → paid, canceled, error. Paid, canceled and error are final: a late or
 * repeated notification never changes them, and a declined cart gets a new order next time.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['pending', 'paid', 'canceled', 'error'],
  pending: ['paid', 'canceled', 'error'],
  paid: [],
  canceled: [],
  error: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function isFinal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}
