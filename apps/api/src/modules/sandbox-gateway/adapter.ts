/**
 * The sandbox gateway behind the payments port, one adapter for every provider it stands in for:
 * it answers in each provider family's words and reads them back with the family's table, as
 * that provider's own adapter would.
 */
import { LRUCache } from 'lru-cache';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { takesCardFields, type ProviderSpec } from '@checkout/core';
import type { PaymentAdapter, SavedMethodCharge } from '../payments/providers/adapter';
import { readSignedNotification } from '../payments/providers/signed-body';
import { redeemPublicToken, SANDBOX_BANKS } from './bank-link';
import { chargeOf } from './charges';
import { answerFor, CARD_FIELDS_PATH, SIGNATURE_HEADER, type SandboxGateway } from './gateway';
import { findSandboxPayment, vocabularyOf } from './payments';
import { reportedNow } from './settlements';
import { tokenFingerprint } from './vault';

const unknownPayment = () => new AppError(ERROR_CODES.notFound, 'Unknown payment.');

export function sandboxAdapter(gateway: SandboxGateway): PaymentAdapter {
  const { db, desk, options } = gateway;
  /**
   * The provider of each payment this process started, as a gateway knows its own payments:
   * their notifications (two copies each) are read in the family's words without asking the
   * database; another node's payments, or older ones, are still looked up.
   */
  const startedHere = new LRUCache<string, ProviderSpec>({ max: 10_000 });
  const providerOf = async (paymentId: string) =>
    startedHere.get(paymentId) ?? (await findSandboxPayment(desk, paymentId))?.provider;
  /** Merchant-initiated charges of cards on file, in each provider family's words. */
  const chargeSavedMethods = async (charges: readonly SavedMethodCharge[]) => {
    const batch = charges.map((charge) => {
      const vocabulary = vocabularyOf(charge.provider);
      if (!vocabulary) throw new Error(`sandbox: no words for ${charge.provider.family}`);
      startedHere.set(charge.paymentId, charge.provider);
      return { charge, sandbox: { ...charge, ...vocabulary } };
    });
    const reported = await gateway.chargeSavedMany(batch);
    return batch.map(({ sandbox }, n) => sandbox.statusFor(reported[n] ?? '') ?? 'error');
  };
  return {
    cardFieldsUrl: CARD_FIELDS_PATH,
    cardFingerprint: (token) => tokenFingerprint(db, token),
    createPayment: async (payment) => {
      const vocabulary = vocabularyOf(payment.provider);
      if (!vocabulary) throw new Error(`sandbox: no words for ${payment.provider.family}`);
      startedHere.set(payment.paymentId, payment.provider);
      return takesCardFields(payment.provider)
        ? gateway.charge(payment, { ...payment, ...vocabulary })
        : { action: gateway.started(payment.provider, payment) };
    },
    verifyNotification: async (notification) => {
      const read = readSignedNotification(options.webhookSecret, SIGNATURE_HEADER, notification);
      if (read === undefined || read instanceof AppError) return read;
      const provider = await providerOf(read.paymentId);
      const vocabulary = provider && vocabularyOf(provider);
      if (!provider || !vocabulary) return unknownPayment();
      const status = vocabulary.statusFor(read.status);
      if (!status) {
        const family = provider.family;
        return new AppError(
          ERROR_CODES.unknownProviderStatus,
          `Unknown ${family} status ${read.status}.`,
        );
      }
      return { eventId: read.id, paymentId: read.paymentId, status, signedAt: read.signedAt };
    },
    exchangeToken: async (payment, publicToken) => {
      const bank = redeemPublicToken(options.bankLinkSecret, publicToken, payment.paymentId);
      const found = bank && (await findSandboxPayment(desk, payment.paymentId));
      if (!bank || !found) return undefined;
      const { outcome } = SANDBOX_BANKS[bank];
      const status = await gateway.settle(found, outcome);
      return status && { action: answerFor(payment.orderId, outcome), status };
    },
    // Voided at the gateway, then said so by notification; the caller moves the order.
    cancelPayment: async (payment) => {
      const found = await gateway.record(payment.paymentId, 'void');
      await gateway.notify(payment.paymentId, found.words.canceled, options.webhookDelayMs);
    },
    refundPayment: async (payment, amountMinor) => {
      await gateway.record(payment.paymentId, 'refund', {
        amountMinor,
        reference: payment.refundId ?? '',
      });
    },
    refreshStatus: async (payment) => {
      const reported =
        (await reportedNow(db, payment.paymentId)) ??
        (await chargeOf(db, payment.paymentId))?.reported ??
        undefined;
      const found = reported && (await findSandboxPayment(desk, payment.paymentId));
      return found ? found.statusFor(reported) : undefined;
    },
    cardOf: async (payment) => (await chargeOf(db, payment.paymentId))?.card,
    chargeSavedMethods,
    chargeSavedMethod: async (charge) => (await chargeSavedMethods([charge]))[0] ?? 'error',
    saveCard: (token) => gateway.saveToken(token),
  };
}
