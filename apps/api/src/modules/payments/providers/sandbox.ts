/**
 * The built-in sandbox gateway, the default target of every provider: a hosted card page whose
 * test card numbers choose the outcome (success, declined, insufficient funds, expired card,
 * asynchronous settlement, error), and a cancel button. The shopper's return moves the order at
 * once; the gateway also sends signed notifications in the provider family's own words, with
 * configurable delay, duplicates and reordering, as real providers do.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  findProvider,
  formatPrice,
  isRecordId,
  PROVIDER_LABELS,
  type Currency,
  type ProviderSpec,
} from '@checkout/core';
import type { Database } from '../../../db/client';
import type { Catalog } from '../../catalog/catalog';
import { transitionOrder } from '../../orders/service';
import { orders } from '../../orders/tables';
import { payments } from '../tables';
import { signWebhook, SIGNATURE_HEADER } from '../webhook-signature';
import type { FamilyAdapter } from './family';
import { adapterFor } from './registry';
import { approvalPage, type ApprovalKind } from './sandbox-approval-page';
import { checkCard, TEST_CARDS, type CardForm, type SandboxOutcome } from './sandbox-cards';
import { SANDBOX_PAGE_CSP, sandboxPage } from './sandbox-page';

export interface SandboxOptions {
  /** How long an asynchronous payment stays pending before the gateway settles it. */
  asyncSettleMs: number;
  /** Signs the gateway's notifications to /api/callback/. */
  webhookSecret: string;
  webhookDelayMs: number;
  /** How many times each notification is delivered (more than one exercises deduplication). */
  webhookCopies: number;
  /** Deliver a pending payment's final notification before its "pending" one. */
  webhookReorder: boolean;
}

type Params = { Params: { id: string }; Querystring: { return?: string } };

interface Found {
  payment: typeof payments.$inferSelect;
  order: typeof orders.$inferSelect;
  provider: ProviderSpec;
  adapter: FamilyAdapter;
}

export function sandboxRoutes(
  app: FastifyInstance,
  db: Database,
  catalog: Catalog,
  options: SandboxOptions,
): void {
  const load = async (id: string): Promise<Found | undefined> => {
    const [payment] = isRecordId(id)
      ? await db.select().from(payments).where(eq(payments.id, id))
      : [];
    const [order] = payment
      ? await db.select().from(orders).where(eq(orders.id, payment.orderId))
      : [];
    const provider = payment && findProvider(payment.provider);
    return payment && order && provider
      ? { payment, order, provider, adapter: adapterFor(provider) }
      : undefined;
  };
  const amountOf = (order: { totalMinor: number; currency: string }) =>
    formatPrice(order.totalMinor, order.currency as Currency, 'en-US');
  const returnPath = (raw: unknown) => (raw === '/api/processing/iframe/' ? raw : '/processing/');

  /** Delivered through the api's own HTTP pipeline: signature, parsing, deduplication. */
  const notify = (paymentId: string, status: string, delayMs: number) => {
    const body = JSON.stringify({ id: randomUUID(), paymentId, status });
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(options.webhookSecret, body, Math.floor(Date.now() / 1000)),
    };
    for (let copy = 0; copy < options.webhookCopies; copy++) {
      setTimeout(
        () => {
          app
            .inject({ method: 'POST', url: '/api/callback/', headers, payload: body })
            .catch((error: unknown) => {
              app.log.error({ err: error }, 'sandbox notification failed');
            });
        },
        delayMs + copy * 50,
      ).unref();
    }
  };

  /** What the shopper sees for a provider: the card form, or an approval page of its kind. */
  const pageFor = (found: Found, action: string) => {
    const amount = amountOf(found.order);
    if (found.provider.method === 'card')
      return sandboxPage({ action, amount, form: {}, errors: {} });
    const kind: ApprovalKind =
      found.provider.flow === 'one_click_payment'
        ? 'wallet'
        : found.provider.action === 'token_exchange'
          ? 'bank_link'
          : 'redirect';
    return approvalPage({
      kind,
      provider: PROVIDER_LABELS[found.provider.id] ?? found.provider.id,
      amount,
      action,
    });
  };

  /** Applies an outcome: the browser's return moves the order now, notifications follow. */
  const settle = async (found: Found, outcome: SandboxOutcome | 'timeout') => {
    const { payment, order, adapter } = found;
    if (outcome === 'timeout') {
      // The provider never confirms: pending now, canceled when the provider gives up.
      await transitionOrder(db, catalog, order.id, 'pending', 'browser');
      notify(payment.id, adapter.reports.pending, options.webhookDelayMs);
      notify(payment.id, adapter.reports.canceled, options.asyncSettleMs);
      return;
    }
    const reported = adapter.reports[outcome];
    const status = adapter.statusFor(reported);
    if (status) await transitionOrder(db, catalog, order.id, status, 'browser');
    if (outcome === 'pending') {
      // Settled later, by notification only; with reordering the final word arrives first.
      const [first, second] = options.webhookReorder
        ? [options.webhookDelayMs, options.asyncSettleMs]
        : [options.asyncSettleMs, options.webhookDelayMs];
      notify(payment.id, adapter.reports.success, first);
      notify(payment.id, reported, second);
    } else {
      notify(payment.id, reported, options.webhookDelayMs);
    }
  };

  app.get<Params>('/api/sandbox/checkout/:id/', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
    return (
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        // The checkout may show this page in its own modal; nobody else may frame it.
        .header('content-security-policy', SANDBOX_PAGE_CSP)
        .send(pageFor(found, request.url))
    );
  });

  app.post<Params & { Body: CardForm & { intent?: string } }>(
    '/api/sandbox/checkout/:id/',
    async (request, reply) => {
      const found = await load(request.params.id);
      if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
      const back = `${returnPath(request.query.return)}?order_id=${found.order.id}`;
      const intent = request.body.intent ?? 'pay';
      if (intent === 'cancel') {
        await transitionOrder(db, catalog, found.order.id, 'canceled', 'browser');
        notify(found.payment.id, found.adapter.reports.canceled, options.webhookDelayMs);
        return reply.redirect(back, 303);
      }
      if (intent === 'approve' || intent === 'fail' || intent === 'timeout') {
        // A card is approved only through its 3-D Secure challenge, after the card form.
        if (found.provider.method === 'card' && !found.payment.cardLast4) {
          return reply.status(400).type('text/plain').send('Enter the card first.');
        }
        await settle(
          found,
          intent === 'approve' ? 'success' : intent === 'fail' ? 'declined' : 'timeout',
        );
        return reply.redirect(back, 303);
      }
      // A redirect_post provider's page is reached by the posted form itself.
      if (found.provider.method !== 'card') {
        return reply.type('text/html; charset=utf-8').send(pageFor(found, request.url));
      }
      const card = checkCard(request.body);
      if (Object.keys(card.errors).length > 0) {
        const html = sandboxPage({
          action: request.url,
          amount: amountOf(found.order),
          form: request.body,
          errors: card.errors,
        });
        return reply
          .status(422)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', SANDBOX_PAGE_CSP)
          .send(html);
      }
      await db
        .update(payments)
        .set({
          cardBrand: card.brand ?? null,
          cardLast4: card.last4 ?? null,
          cardExpiry: card.expiry ?? null,
        })
        .where(eq(payments.id, found.payment.id));
      const outcome = TEST_CARDS[card.digits ?? ''] ?? 'success';
      if (outcome === 'challenge') {
        const html = approvalPage({
          kind: 'challenge',
          provider: 'Card issuer',
          amount: amountOf(found.order),
          action: request.url,
        });
        return reply.type('text/html; charset=utf-8').send(html);
      }
      await settle(found, outcome);
      return reply.redirect(back, 303);
    },
  );
}
