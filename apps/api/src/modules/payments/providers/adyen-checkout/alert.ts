/**
 * Tells the operators about a dispute Adyen reported (a chargeback, a refund that failed): a
 * warning in the log always, and a mail to ADYEN_OPERATOR_EMAIL when it is set. The mail names
 * the payment and Adyen's reference only, never the shopper.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../identity/mailer';
import type { Dispute } from './store';

export function disputeAlert(
  log: FastifyBaseLogger,
  mailer: Mailer | undefined,
  to: string | undefined,
): (dispute: Dispute) => Promise<void> {
  return async (dispute) => {
    const { eventCode, paymentId, pspReference, decision } = dispute;
    log.warn({ eventCode, paymentId, pspReference, decision }, 'Adyen reported a dispute');
    if (!mailer || !to) return;
    await mailer.send({
      to,
      subject: `Adyen ${eventCode} on payment ${paymentId}`,
      body: [
        `Adyen reported ${eventCode} (${dispute.reason ?? 'no reason given'}) for payment ${paymentId}.`,
        `Amount: ${dispute.amountMinor} ${dispute.currency} (minor units). Adyen reference: ${pspReference}.`,
        `Decided: ${decision}.`,
      ].join('\n'),
    });
  };
}
