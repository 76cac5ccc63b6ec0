/**
 * The built-in sandbox gateway, the default target of every provider: a hosted card page whose
 * test card numbers choose the outcome (success, declined, insufficient funds, expired card,
 * asynchronous settlement, error), and a cancel button.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { formatPrice, type Currency, type OrderStatus } from '@checkout/core';
import type { Database } from '../../../db/client';
import type { Catalog } from '../../catalog/catalog';
import { transitionOrder } from '../../orders/service';
import { orders } from '../../orders/tables';
import { payments } from '../tables';
import type { PaymentAdapter } from './adapter';
import { checkCard, TEST_CARDS, type CardForm, type SandboxOutcome } from './sandbox-cards';
import { sandboxPage } from './sandbox-page';

const STATUS: Readonly<Record<SandboxOutcome, OrderStatus>> = {
  success: 'paid',
  declined: 'error',
  insufficient_funds: 'error',
  expired_card: 'error',
  error: 'error',
  pending: 'pending',
  canceled: 'canceled',
};

export const sandboxAdapter: PaymentAdapter = {
  createPayment: (payment) =>
    Promise.resolve({
      type: 'redirect',
      orderId: payment.orderId,
      url: `/api/sandbox/checkout/${payment.paymentId}/?return=${encodeURIComponent(payment.returnPath)}`,
    }),
  statusFor: (outcome) => STATUS[outcome as SandboxOutcome],
};

export interface SandboxOptions {
  /** How long an asynchronous payment stays pending before the gateway settles it. */
  asyncSettleMs: number;
}

export function sandboxRoutes(
  app: FastifyInstance,
  db: Database,
  catalog: Catalog,
  options: SandboxOptions,
): void {
  const load = async (id: string) => {
    const [payment] = /^[0-9a-f-]{36}$/.test(id)
      ? await db.select().from(payments).where(eq(payments.id, id))
      : [];
    const [order] = payment
      ? await db.select().from(orders).where(eq(orders.id, payment.orderId))
      : [];
    return payment && order ? { payment, order } : undefined;
  };
  const amountOf = (order: { totalMinor: number; currency: string }) =>
    formatPrice(order.totalMinor, order.currency as Currency, 'en-US');
  const returnPath = (raw: unknown) =>
    typeof raw === 'string' && /^\/[\w\-/]*\/$/.test(raw) ? raw : '/processing/';

  app.get<{ Params: { id: string }; Querystring: { return?: string } }>(
    '/api/sandbox/checkout/:id/',
    async (request, reply) => {
      const found = await load(request.params.id);
      if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
      const html = sandboxPage({
        action: request.url,
        amount: amountOf(found.order),
        form: {},
        errors: {},
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post<{
    Params: { id: string };
    Querystring: { return?: string };
    Body: CardForm & { intent?: string };
  }>('/api/sandbox/checkout/:id/', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
    const { payment, order } = found;
    const back = `${returnPath(request.query.return)}?order_id=${order.id}`;
    if (request.body.intent === 'cancel') {
      await transitionOrder(db, catalog, order.id, 'canceled', 'browser');
      return reply.redirect(back, 303);
    }
    const card = checkCard(request.body);
    if (Object.keys(card.errors).length > 0) {
      const html = sandboxPage({
        action: request.url,
        amount: amountOf(order),
        form: request.body,
        errors: card.errors,
      });
      return reply.status(422).type('text/html; charset=utf-8').send(html);
    }
    const outcome = TEST_CARDS[card.digits ?? ''] ?? 'success';
    await db
      .update(payments)
      .set({
        cardBrand: card.brand ?? null,
        cardLast4: card.last4 ?? null,
        cardExpiry: card.expiry ?? null,
      })
      .where(eq(payments.id, payment.id));
    await transitionOrder(db, catalog, order.id, STATUS[outcome], 'browser');
    if (outcome === 'pending') {
      // The gateway settles asynchronous payments later, as a provider's notification would.
      setTimeout(() => {
        transitionOrder(db, catalog, order.id, 'paid', 'webhook').catch((error: unknown) =>
          request.log.error({ err: error }, 'sandbox settlement failed'),
        );
      }, options.asyncSettleMs).unref();
    }
    return reply.redirect(back, 303);
  });
}
