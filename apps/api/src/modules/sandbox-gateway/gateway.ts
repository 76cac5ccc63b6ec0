/**
 * The built-in sandbox gateway, the default target of every provider. Cards are charged with the
 * token its card fields handed out, and answer at once (paid, pending, declined, failed) or ask
 * for a 3-D Secure challenge; bank links are charged when the checkout exchanges the widget's
 * public token; every other method shows a hosted approval page or sheet.
 * Each outcome moves the order now and is followed by signed notifications in the provider
 * family's own words, with configurable delay, duplicates and reordering, as real providers do.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { takesCardFields, type PaymentAction, type ProviderSpec } from '@checkout/core';
import type { Database } from '../../../db/client';
import type { Catalog } from '../../catalog/catalog';
import { transitionOrder, type EventSource } from '../../orders/service';
import { signWebhook, SIGNATURE_HEADER } from '../webhook-signature';
import type { NewPayment, PaymentAdapter, StartedPayment } from './adapter';
import { redeemPublicToken, SANDBOX_BANKS } from './sandbox-bank-link';
import { recordAtGateway } from './sandbox-ledger';
import { findSandboxPayment } from './sandbox-payments';
import { signHostedSession } from './sandbox-session';
import { chargeOf, recordCharge } from './sandbox-charges';
import { recordSettlement, reportedNow } from './sandbox-settlements';
import type { FamilyStatuses } from './family';
import { familyFor } from './registry';
import { cardFingerprint, type SandboxOutcome } from './sandbox-cards';
import { redeemCard, tokenFingerprint } from './sandbox-vault';

export interface SandboxOptions {
  /** How long an asynchronous payment stays pending before the gateway settles it. */
  asyncSettleMs: number;
  /** Signs the gateway's notifications to /api/callback/. */
  webhookSecret: string;
  /** Signs the bank-link widget's public tokens. */
  bankLinkSecret: string;
  /** Signs the hosted pages' sessions (CART_SECRET): only the payment's own browser gets one. */
  sessionSecret: string;
  webhookDelayMs: number;
  /** How many times each notification is delivered (more than one exercises deduplication). */
  webhookCopies: number;
  /** Deliver a pending payment's final notification before its "pending" one. */
  webhookReorder: boolean;
  /** The share of notifications lost on the way (0 to 1); a refresh recovers their news. */
  webhookDropRate: number;
  /** Keys the card fingerprints the gateway reports (its own secret). */
  fingerprintSecret: string;
}

/** The payment an outcome applies to. */
export interface SandboxPayment {
  paymentId: string;
  orderId: string;
  family: FamilyStatuses;
}

export const CARD_FIELDS_PATH = '/api/sandbox/card-fields/';

const DECLINES: ReadonlySet<SandboxOutcome> = new Set([
  'declined',
  'insufficient_funds',
  'expired_card',
]);

/** The hosted page of a payment, with the signed session that lets its browser act there. */
export function hostedPageUrl(paymentId: string, returnPath: string, session: string): string {
  return `/api/sandbox/checkout/${paymentId}/?return=${encodeURIComponent(returnPath)}&session=${session}`;
}

/** The bank-link widget of a payment, with its session; the checkout adds its own origin. */
export const bankLinkUrl = (paymentId: string, session: string) =>
  `/api/sandbox/bank-link/${paymentId}/?session=${session}`;

/** What the checkout is told of an outcome the provider answered at once. */
function answerFor(orderId: string, outcome: SandboxOutcome): PaymentAction {
  if (DECLINES.has(outcome)) return { type: 'error', orderId, reason: 'declined' };
  if (outcome === 'error') return { type: 'error', orderId, reason: 'failed' };
  return { type: 'done', orderId };
}

export class SandboxGateway {
  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Database,
    private readonly catalog: Catalog,
    private readonly options: SandboxOptions,
  ) {}

  /** The fingerprint the gateway keeps with a card's token. */
  fingerprintOf(number: string): string {
    return cardFingerprint(this.options.fingerprintSecret, number);
  }

  /** Delivered through the api's own HTTP pipeline: signature, parsing, deduplication. */
  private notify(paymentId: string, status: string, delayMs: number): void {
    if (Math.random() < this.options.webhookDropRate) return;
    const body = JSON.stringify({ id: randomUUID(), paymentId, status });
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(
        this.options.webhookSecret,
        body,
        Math.floor(Date.now() / 1000),
      ),
    };
    for (let copy = 0; copy < this.options.webhookCopies; copy++) {
      setTimeout(
        () => {
          this.app
            .inject({ method: 'POST', url: '/api/callback/', headers, payload: body })
            .catch((error: unknown) => {
              this.app.log.error({ err: error }, 'sandbox notification failed');
            });
        },
        delayMs + copy * 50,
      ).unref();
    }
  }

  /** Applies an outcome: the order moves now (by `source`), notifications follow. */
  async settle(
    { paymentId, orderId, family }: SandboxPayment,
    outcome: SandboxOutcome | 'timeout',
    source: EventSource,
  ): Promise<void> {
    const { asyncSettleMs, webhookDelayMs, webhookReorder } = this.options;
    const { later, reported, final } = await this.recordLater(paymentId, family, outcome);
    const status = family.statusFor(reported);
    if (status) await transitionOrder(this.db, this.catalog, orderId, status, source);
    if (!later) return this.notify(paymentId, reported, webhookDelayMs);
    // The final word by notification only; with reordering it arrives first.
    this.notify(paymentId, final, webhookReorder ? webhookDelayMs : asyncSettleMs);
    this.notify(paymentId, reported, webhookReorder ? asyncSettleMs : webhookDelayMs);
  }

  /** Writes a void or refund of the payment's whole amount into the gateway's own ledger. */
  private async record(paymentId: string, action: 'void' | 'refund'): Promise<void> {
    const found = await findSandboxPayment(this.db, paymentId);
    if (!found) throw new Error(`sandbox: no payment ${paymentId} to ${action}`);
    const { totalMinor: amountMinor, currency } = found.order;
    await recordAtGateway(this.db, { paymentId, action, amountMinor, currency });
  }

  /**
   * Pending now and settled later (paid, or canceled when the provider gives up: time-out):
   * records what the payment reports now and after it settles.
   */
  private async recordLater(
    paymentId: string,
    family: FamilyStatuses,
    outcome: SandboxOutcome | 'timeout',
    db: Database = this.db,
  ) {
    const later = outcome === 'pending' || outcome === 'timeout';
    const reported = family.reports[later ? 'pending' : outcome];
    const final = family.reports[outcome === 'timeout' ? 'canceled' : 'success'];
    if (later) {
      const settlesAt = new Date(Date.now() + this.options.asyncSettleMs);
      await recordSettlement(db, {
        paymentId,
        reported,
        finalReported: final,
        settlesAt,
      });
    }
    return { later, reported, final };
  }

  /** A card payment: redeem the token, then answer as the issuer does. */
  private async charge(payment: NewPayment, family: FamilyStatuses): Promise<StartedPayment> {
    const { paymentId, orderId } = payment;
    const vaulted = payment.cardToken ? await redeemCard(this.db, payment.cardToken) : undefined;
    if (!vaulted) {
      // An unknown, spent or expired token: the payment fails and the cart is payable again.
      await this.settle({ paymentId, orderId, family }, 'error', 'authorization');
      return { action: { type: 'error', orderId, reason: 'failed' } };
    }
    const { outcome, ...card } = vaulted;
    // Recorded before anything moves, as a provider records a charge (and, for one that
    // settles later, its settlement) before it answers; together, so a crash loses neither.
    const reported = outcome === 'challenge' ? null : family.reports[outcome];
    await this.db.transaction(async (tx) => {
      if (outcome !== 'challenge') await this.recordLater(paymentId, family, outcome, tx);
      await recordCharge(tx, paymentId, reported, card);
    });
    if (outcome === 'challenge') {
      const session = signHostedSession(this.options.sessionSecret, paymentId);
      const url = hostedPageUrl(paymentId, payment.returnPath, session);
      return { action: { type: 'redirect', orderId, url }, card };
    }
    await this.settle({ paymentId, orderId, family }, outcome, 'authorization');
    return { action: answerFor(orderId, outcome), card };
  }

  /** Where the shopper goes for a method that is not card fields. */
  private started(provider: ProviderSpec, payment: NewPayment): PaymentAction {
    const { paymentId, orderId } = payment;
    const session = signHostedSession(this.options.sessionSecret, paymentId);
    const url = hostedPageUrl(paymentId, payment.returnPath, session);
    switch (provider.action) {
      case 'redirect_post':
        return { type: 'redirect_post', orderId, url, fields: { reference: paymentId } };
      case 'frontend_action':
        return { type: 'frontend_action', orderId, url };
      case 'token_exchange':
        return { type: 'token_exchange', orderId, url: bankLinkUrl(paymentId, session) };
      default:
        return { type: 'redirect', orderId, url };
    }
  }

  readonly adapterFor = (provider: ProviderSpec): PaymentAdapter => {
    const family = familyFor(provider);
    const cardFields = takesCardFields(provider);
    return {
      statusFor: family.statusFor,
      cardFieldsUrl: cardFields ? CARD_FIELDS_PATH : undefined,
      cardFingerprint: cardFields ? (token) => tokenFingerprint(this.db, token) : undefined,
      createPayment: (payment) =>
        cardFields
          ? this.charge(payment, family)
          : Promise.resolve({ action: this.started(provider, payment) }),
      exchangeToken: async (payment, publicToken) => {
        const bank = redeemPublicToken(this.options.bankLinkSecret, publicToken, payment.paymentId);
        if (!bank) return undefined;
        const { outcome } = SANDBOX_BANKS[bank];
        await this.settle({ ...payment, family }, outcome, 'authorization');
        return answerFor(payment.orderId, outcome);
      },
      // Voided at the gateway, then said so by notification; the caller moves the order.
      cancelPayment: async (payment) => {
        await this.record(payment.paymentId, 'void');
        this.notify(payment.paymentId, family.reports.canceled, this.options.webhookDelayMs);
      },
      refundPayment: (payment) => this.record(payment.paymentId, 'refund'),
      refreshStatus: async (payment) =>
        (await reportedNow(this.db, payment.paymentId)) ??
        (await chargeOf(this.db, payment.paymentId))?.reported ??
        undefined,
      cardOf: async (payment) => (await chargeOf(this.db, payment.paymentId))?.card,
    };
  };
}
