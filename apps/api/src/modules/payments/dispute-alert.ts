/**
 * Tells the operators about a dispute a provider reported (a chargeback, a refund that failed):
 * a warning in the log always, and a mail to the operators' address when one is configured
 * (ADYEN_OPERATOR_EMAIL). It names the payment and the provider's reference, never the shopper.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import type { DisputeReport } from './providers/adapter';

export type DisputeAlert = (dispute: DisputeReport) => Promise<void>;

export function disputeAlert(
  log: FastifyBaseLogger,
  mailer: Mailer | undefined,
  to: string | undefined,
): DisputeAlert {
  return async (dispute) => {
    const { eventCode, paymentId, reference, decision } = dispute;
    log.warn(
      { eventCode, paymentId, reference, decision },
      'A payment provider reported a dispute',
    );
    if (!mailer || !to) return;
    await mailer.send({
      to,
      subject: `${eventCode} on payment ${paymentId}`,
      body: [
        `The provider reported ${eventCode} (${dispute.reason ?? 'no reason given'}) for payment ${paymentId}.`,
        `Amount: ${dispute.amountMinor} ${dispute.currency} (minor units). Provider reference: ${reference}.`,
        `Decided: ${decision}.`,
      ].join('\n'),
    });
  };
}
