/** Ids of orders and subscriptions are UUIDs: any other text names no record (and must not reach a uuid column). */
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}
