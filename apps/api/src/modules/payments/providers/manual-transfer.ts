/**
 * Manual bank transfer: the shopper transfers the amount by hand, and an operator who sees it
 * arrive (or come back) says so by a signed notification to /api/callback/
 * (`x-transfer-signature`, see signed-body.ts). The whole provider is this adapter: there is
 * nobody to ask for a status, nothing to void, and a refund is the operator's own transfer back.
 */
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import type { OrderStatus } from '@checkout/core';
import type { PaymentAdapter, PaymentDesk } from './adapter';
import { readSignedNotification } from './signed-body';

export const TRANSFER_SIGNATURE_HEADER = 'x-transfer-signature';

/** The operator's words for a transfer, and our status for each. */
const STATUSES = new Map<string, OrderStatus>([
  ['awaiting_transfer', 'pending'],
  ['received', 'paid'],
  ['returned', 'error'],
  ['expired', 'canceled'],
]);

export function manualTransferAdapter(secret: string, desk: PaymentDesk): PaymentAdapter {
  return {
    // Nothing to charge now: the order waits (pending) for the operator's word.
    createPayment: (payment) =>
      Promise.resolve({
        action: { type: 'done', orderId: payment.orderId },
        status: STATUSES.get('awaiting_transfer'),
      }),
    verifyNotification: async (notification) => {
      const read = readSignedNotification(secret, TRANSFER_SIGNATURE_HEADER, notification);
      if (read === undefined || read instanceof AppError) return read;
      const payment = await desk.findPayment(read.paymentId);
      if (payment?.provider.family !== 'manual')
        return new AppError(ERROR_CODES.notFound, 'Unknown payment.');
      const status = STATUSES.get(read.status);
      if (!status)
        return new AppError(
          ERROR_CODES.unknownProviderStatus,
          `Unknown manual status ${read.status}.`,
        );
      return { eventId: read.id, paymentId: read.paymentId, status, signedAt: read.signedAt };
    },
    cancelPayment: () => Promise.resolve(),
    refundPayment: () => Promise.resolve(),
    refreshStatus: () => Promise.resolve(undefined),
  };
}
