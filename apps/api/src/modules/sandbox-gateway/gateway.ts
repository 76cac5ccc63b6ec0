/**
 * The built-in sandbox gateway, the default target of every provider. Cards are charged with the
 * token its card fields handed out, and answer at once (paid, pending, declined, failed) or ask
 * for a 3-D Secure challenge; bank links are charged when the checkout exchanges the widget's
 * public token; every other method shows a hosted approval page or sheet. It talks to the
 * checkout as a real provider would: its answers say what happened (in the family's words, read
 * with the family's table), its pages report the shopper's choice, and signed notifications
 * follow to /api/callback/ with configurable delay, duplicates and reordering.
 */
import { randomUUID } from 'node:crypto';
import { context, ROOT_CONTEXT } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import type { FastifyInstance } from 'fastify';
import type { OrderStatus, PaymentAction, ProviderSpec } from '@checkout/core';
import type { Database } from '../../db/client';
import type { Jobs } from '../../jobs/queue';
import type {
  CardSummary,
  NewPayment,
  PaymentDesk,
  PaymentRef,
  SavedMethodCharge,
  StartedPayment,
} from '../payments/providers/adapter';
import { signWebhook } from '../payments/providers/signed-body';
import { cardFingerprint, type SandboxOutcome } from './cards';
import { chargeSavedCards, chargeToken, recordCharge } from './charges';
import { recordAtGateway, refundedAtGateway } from './ledger';
import { findSandboxPayment, type FoundPayment } from './payments';
import { signHostedSession } from './session';
import { recordSettlement } from './settlements';
import { newSavedMethod, redeemCard, saveCard } from './vault';

/** The header the sandbox signs its notifications in. */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

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

/** The payment an outcome applies to, with its family's words. */
export type SandboxPayment = PaymentRef & Pick<FoundPayment, 'words' | 'statusFor'>;

export const CARD_FIELDS_PATH = '/api/sandbox/card-fields/';

/** The job that delivers one signed notification (a row in the job queue: a restart loses none). */
export const NOTIFICATION_JOB = 'sandbox-notification';

/** The job that delivers a batch's notifications (one per renewal batch, not one per payment). */
export const NOTIFICATIONS_JOB = 'sandbox-notifications';

export interface NotificationDelivery {
  headers: Record<string, string>;
  body: string;
}

/** How many notifications of one batch are delivered at once. */
const DELIVERY_PARALLEL = 8;

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
export function answerFor(orderId: string, outcome: SandboxOutcome): PaymentAction {
  if (DECLINES.has(outcome)) return { type: 'error', orderId, reason: 'declined' };
  if (outcome === 'error') return { type: 'error', orderId, reason: 'failed' };
  return { type: 'done', orderId };
}

export class SandboxGateway {
  constructor(
    private readonly app: FastifyInstance,
    readonly db: Database,
    readonly desk: PaymentDesk,
    readonly options: SandboxOptions,
    private readonly jobs: Jobs,
  ) {
    jobs.define<NotificationDelivery>(NOTIFICATION_JOB, (delivery) => this.deliver(delivery), {
      // A real provider retries a notification our endpoint failed to take, with backoff.
      retryLimit: 5,
      retryDelayS: 2,
      batchSize: 20,
    });
    jobs.define<{ deliveries: NotificationDelivery[] }>(
      NOTIFICATIONS_JOB,
      ({ deliveries }) => this.deliverAll(deliveries),
      { retryLimit: 5, retryDelayS: 2 },
    );
  }

  /** A batch's notifications; any failed one retries the batch (a repeat changes nothing). */
  private async deliverAll(deliveries: readonly NotificationDelivery[]): Promise<void> {
    let failed = 0;
    for (let i = 0; i < deliveries.length; i += DELIVERY_PARALLEL) {
      const chunk = deliveries.slice(i, i + DELIVERY_PARALLEL);
      const settled = await Promise.allSettled(chunk.map((delivery) => this.deliver(delivery)));
      failed += settled.filter((result) => result.status === 'rejected').length;
    }
    if (failed > 0) throw new Error(`${failed} of ${deliveries.length} notifications failed`);
  }

  /**
   * Through the api's own HTTP pipeline: signature, parsing, deduplication. Not traced: a
   * stand-in for a provider's notification, it would add a request and its statements to every
   * traced payment (issue 18's cost budget).
   */
  private async deliver({ headers, body }: NotificationDelivery): Promise<void> {
    // inject() only dispatches when its chain is awaited: then() inside the suppressed context.
    const response = await context.with(suppressTracing(ROOT_CONTEXT), () =>
      this.app
        .inject({ method: 'POST', url: '/api/callback/', headers, payload: body })
        .then((answer) => answer),
    );
    // 5xx: our side could not take it now; the queue tries again later. A 4xx is final.
    if (response.statusCode >= 500) {
      throw new Error(`sandbox notification answered ${response.statusCode}`);
    }
  }

  /** The fingerprint the gateway keeps with a card's token. */
  fingerprintOf(number: string): string {
    return cardFingerprint(this.options.fingerprintSecret, number);
  }

  /**
   * Queues the notifications of a payment's new status (copies 50 ms apart) in one statement,
   * before the caller answers: from then on no restart or crash loses them.
   */
  async notify(paymentId: string, status: string, delayMs: number): Promise<void> {
    const delivery = this.signed(paymentId, status);
    if (!delivery) return;
    const copies = Array.from({ length: this.options.webhookCopies }, (_, copy) => ({
      data: delivery,
      delayMs: delayMs + copy * 50,
    }));
    await this.jobs.sendMany<NotificationDelivery>(NOTIFICATION_JOB, copies);
  }

  /** Many payments' news as one job per copy, queued in one statement. */
  private async notifyAll(news: readonly { paymentId: string; status: string }[]): Promise<void> {
    const deliveries = news.flatMap(({ paymentId, status }) => {
      const delivery = this.signed(paymentId, status);
      return delivery ? [delivery] : [];
    });
    if (deliveries.length === 0) return;
    const copies = Array.from({ length: this.options.webhookCopies }, (_, copy) => ({
      data: { deliveries },
      delayMs: this.options.webhookDelayMs + copy * 50,
    }));
    await this.jobs.sendMany(NOTIFICATIONS_JOB, copies);
  }

  /** A payment's signed notification; undefined when it is lost on the way (the drop rate). */
  private signed(paymentId: string, status: string): NotificationDelivery | undefined {
    if (Math.random() < this.options.webhookDropRate) return undefined;
    const body = JSON.stringify({ id: randomUUID(), paymentId, status });
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(
        this.options.webhookSecret,
        body,
        Math.floor(Date.now() / 1000),
      ),
    };
    return { headers, body };
  }

  /**
   * Records an outcome and sends its notifications; answers our status for what the provider
   * reports now (the caller tells the checkout: in an answer, or as its page's report).
   */
  async settle(
    payment: SandboxPayment,
    outcome: SandboxOutcome | 'timeout',
  ): Promise<OrderStatus | undefined> {
    const { asyncSettleMs, webhookDelayMs, webhookReorder } = this.options;
    const { later, reported, final } = await this.recordLater(payment, outcome);
    if (!later) await this.notify(payment.paymentId, reported, webhookDelayMs);
    else {
      // The final word by notification only; with reordering it arrives first.
      await this.notify(payment.paymentId, final, webhookReorder ? webhookDelayMs : asyncSettleMs);
      await this.notify(
        payment.paymentId,
        reported,
        webhookReorder ? asyncSettleMs : webhookDelayMs,
      );
    }
    return payment.statusFor(reported);
  }

  /** The shopper's choice on the gateway's own page: the checkout hears of it now. */
  async settleInPage(payment: SandboxPayment, outcome: SandboxOutcome | 'timeout') {
    const status = await this.settle(payment, outcome);
    if (status) await this.desk.report(payment, status);
  }

  /**
   * Writes a void or refund into the gateway's own ledger: of the payment's whole amount, or of
   * `part.amountMinor` under its own reference. Like a real provider it refuses to give back more
   * than it captured.
   */
  async record(
    paymentId: string,
    action: 'void' | 'refund',
    part: { amountMinor?: number | undefined; reference: string } = { reference: '' },
  ): Promise<FoundPayment> {
    const found = await findSandboxPayment(this.desk, paymentId);
    if (!found) throw new Error(`sandbox: no payment ${paymentId} to ${action}`);
    const amountMinor = part.amountMinor ?? found.amountMinor;
    if (
      action === 'refund' &&
      (await refundedAtGateway(this.db, paymentId, part.reference)) + amountMinor >
        found.amountMinor
    ) {
      throw new Error(`sandbox: refund of ${paymentId} exceeds its capture`);
    }
    const { currency } = found;
    await recordAtGateway(this.db, {
      paymentId,
      action,
      amountMinor,
      currency,
      reference: part.reference,
    });
    return found;
  }

  /**
   * Pending now and settled later (paid, or canceled when the provider gives up: time-out):
   * records what the payment reports now and after it settles.
   */
  private async recordLater(
    { paymentId, words }: SandboxPayment,
    outcome: SandboxOutcome | 'timeout',
    db: Database = this.db,
  ) {
    const later = outcome === 'pending' || outcome === 'timeout';
    const reported = words[later ? 'pending' : outcome];
    const final = words[outcome === 'timeout' ? 'canceled' : 'success'];
    if (later) {
      const settlesAt = new Date(Date.now() + this.options.asyncSettleMs);
      await recordSettlement(db, { paymentId, reported, finalReported: final, settlesAt });
    }
    return { later, reported, final };
  }

  /** A card payment: redeem the token, then answer as the issuer does. */
  async charge(payment: NewPayment, sandbox: SandboxPayment): Promise<StartedPayment> {
    const { paymentId, orderId } = payment;
    // Recorded before anything is answered, as a provider records a charge (and, for one that
    // settles later, its settlement) before it answers. Asked for a reusable method, the gateway
    // keeps a card that went through on file.
    const charged = payment.cardToken
      ? await chargeToken(this.db, {
          paymentId,
          token: payment.cardToken,
          words: sandbox.words,
          method: payment.reusable ? newSavedMethod() : undefined,
        })
      : undefined;
    if (!charged) {
      // An unknown, spent or expired token: the payment fails and the cart is payable again.
      const status = await this.settle(sandbox, 'error');
      return { action: { type: 'error', orderId, reason: 'failed' }, status };
    }
    const { outcome, savedMethod, brand, last4, expiry } = charged;
    const card = { brand, last4, expiry };
    if (outcome === 'pending') {
      // Its charge goes with its settlement, together, so a crash loses neither.
      await this.db.transaction(async (tx) => {
        await this.recordLater(sandbox, outcome, tx);
        await recordCharge(tx, paymentId, sandbox.words.pending, card);
      });
    }
    if (outcome === 'challenge') {
      const session = signHostedSession(this.options.sessionSecret, paymentId);
      const url = hostedPageUrl(paymentId, payment.returnPath, session);
      return { action: { type: 'redirect', orderId, url }, card, savedMethod };
    }
    const status = await this.settle(sandbox, outcome);
    return { action: answerFor(orderId, outcome), card, status, savedMethod };
  }

  /**
   * Merchant-initiated charges of cards on file: answered at once and then notified, like card
   * payments (one notification job per batch). The payment id is the idempotency key: asked
   * again, the gateway answers what it recorded and charges nothing more. Answers in order.
   */
  async chargeSavedMany(
    charges: readonly { charge: SavedMethodCharge; sandbox: SandboxPayment }[],
  ): Promise<string[]> {
    const answers = await chargeSavedCards(
      this.db,
      charges.map(({ charge, sandbox }) => ({
        paymentId: charge.paymentId,
        method: charge.method,
        success: sandbox.words.success,
        declined: sandbox.words.declined,
      })),
    );
    await this.notifyAll(
      answers.flatMap(({ reported, fresh }, n) =>
        fresh ? [{ paymentId: charges[n]?.charge.paymentId ?? '', status: reported }] : [],
      ),
    );
    return answers.map(({ reported }) => reported);
  }

  /** The customer's new card (an unspent card-fields token) kept on file for renewals. */
  async saveToken(token: string): Promise<{ method: string; card: CardSummary } | undefined> {
    const vaulted = await redeemCard(this.db, token);
    if (!vaulted || vaulted.outcome !== 'success') return undefined;
    const card = { brand: vaulted.brand, last4: vaulted.last4, expiry: vaulted.expiry };
    const method = await saveCard(this.db, { ...card, renewalOutcome: vaulted.renewalOutcome });
    return { method, card };
  }

  /** Where the shopper goes for a method that is not card fields. */
  started(provider: ProviderSpec, payment: NewPayment): PaymentAction {
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
}
