/**
 * The business events an operator follows in the log: one info line per order move (paid,
 * refunded, canceled, …) with the order's id and its new status, never anything personal.
 * Mails sent are logged by the mail transport (mail/transport.ts). Returns the call that stops logging.
 */
import type { FastifyBaseLogger } from 'fastify';
import { onOrderMoved } from './move-listeners';

export function logOrderMoves(log: FastifyBaseLogger): () => void {
  return onOrderMoved((orderId, status) => log.info({ orderId, status }, 'order moved'));
}
