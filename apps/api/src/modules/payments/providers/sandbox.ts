/**
 * The sandbox gateway's pages and endpoints: the card fields the checkout frames and their token
 * endpoint, and the hosted page of a payment (a provider's approval page, a wallet sheet, a
 * bank-link widget, or a card's 3-D Secure challenge) with its approve, decline, time-out and
 * cancel buttons.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  cardFieldsTextSchema,
  cardInputSchema,
  DEFAULT_CARD_FIELDS_TEXT,
  findProvider,
  formatPrice,
  isRecordId,
  PROVIDER_LABELS,
  takesCardFields,
  type CardFieldsText,
  type Currency,
  type ProviderSpec,
} from '@checkout/core';
import type { Database } from '../../../db/client';
import { orders } from '../../orders/tables';
import { payments } from '../tables';
import { approvalPage, type ApprovalKind } from './sandbox-approval-page';
import { cardFieldsCsp, cardFieldsPage } from './sandbox-card-fields-page';
import { checkCard } from './sandbox-cards';
import type { SandboxGateway, SandboxPayment } from './sandbox-gateway';
import { CARD_FIELDS_PATH } from './sandbox-gateway';
import { familyFor } from './registry';
import { vaultCard } from './sandbox-vault';

const HTML = 'text/html; charset=utf-8';

/** The hosted pages run no script, and only we may frame them. */
const HOSTED_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

type Params = { Params: { id: string }; Querystring: { return?: string } };

interface Found extends SandboxPayment {
  payment: typeof payments.$inferSelect;
  order: typeof orders.$inferSelect;
  provider: ProviderSpec;
  /** Paid through the card fields: its hosted page is the 3-D Secure challenge. */
  cardFields: boolean;
}

const fieldsQuery = z.object({
  origin: z.url(),
  /** The labels and messages, in the shopper's language: base64url JSON. */
  text: z.string().max(8000).optional(),
});

function parseText(raw: string | undefined): CardFieldsText | undefined {
  if (raw === undefined) return DEFAULT_CARD_FIELDS_TEXT;
  try {
    const json: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return cardFieldsTextSchema.safeParse(json).data;
  } catch {
    return undefined;
  }
}

export function sandboxRoutes(
  app: FastifyInstance,
  db: Database,
  gateway: SandboxGateway,
  /** The checkout origins allowed to frame the card fields. */
  frameOrigins: readonly string[],
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
      ? {
          payment,
          order,
          provider,
          cardFields: takesCardFields(provider),
          paymentId: payment.id,
          orderId: order.id,
          family: familyFor(provider),
        }
      : undefined;
  };
  const amountOf = (order: { totalMinor: number; currency: string }) =>
    formatPrice(order.totalMinor, order.currency as Currency, 'en-US');
  const returnPath = (raw: unknown) => (raw === '/api/processing/iframe/' ? raw : '/processing/');

  /** What the shopper sees for a payment: an approval page of its kind, or the card's challenge. */
  const pageFor = (found: Found, action: string) => {
    const kind: ApprovalKind = found.cardFields
      ? 'challenge'
      : found.provider.flow === 'one_click_payment'
        ? 'wallet'
        : found.provider.action === 'token_exchange'
          ? 'bank_link'
          : 'redirect';
    return approvalPage({
      kind,
      provider:
        kind === 'challenge'
          ? 'Card issuer'
          : (PROVIDER_LABELS[found.provider.id] ?? found.provider.id),
      amount: amountOf(found.order),
      action,
    });
  };

  app.get(CARD_FIELDS_PATH, async (request, reply) => {
    const query = fieldsQuery.safeParse(request.query);
    const origin = query.success ? new URL(query.data.origin).origin : undefined;
    if (!query.success || !origin || !frameOrigins.includes(origin)) {
      return reply.status(400).type('text/plain').send('This origin may not use the card fields.');
    }
    const text = parseText(query.data.text);
    if (!text)
      return reply.status(400).type('text/plain').send('The card fields text is not valid.');
    return reply
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('content-security-policy', cardFieldsCsp(origin))
      .send(cardFieldsPage({ parentOrigin: origin, tokensUrl: '/api/sandbox/tokens/', text }));
  });

  // The card arrives here straight from the fields; it is checked, and only a token leaves.
  app.post('/api/sandbox/tokens/', async (request, reply) => {
    const card = checkCard(cardInputSchema.parse(request.body));
    if (Object.keys(card.errors).length > 0) {
      return reply.status(422).header('cache-control', 'no-store').send({ errors: card.errors });
    }
    const token = await vaultCard(db, card);
    return reply
      .status(201)
      .header('cache-control', 'no-store')
      .send({ token, brand: card.brand, last4: card.last4 });
  });

  app.get<Params>('/api/sandbox/checkout/:id/', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
    if (found.cardFields && !found.payment.cardLast4) {
      return reply.status(409).type('text/plain').send('Enter the card in the checkout first.');
    }
    return reply
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('content-security-policy', HOSTED_PAGE_CSP)
      .send(pageFor(found, request.url));
  });

  app.post<Params & { Body: { intent?: string } }>(
    '/api/sandbox/checkout/:id/',
    async (request, reply) => {
      const found = await load(request.params.id);
      if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
      const back = `${returnPath(request.query.return)}?order_id=${found.order.id}`;
      const intent = request.body?.intent;
      if (intent === 'cancel') {
        await gateway.settle(found, 'canceled', 'browser');
        return reply.redirect(back, 303);
      }
      if (intent === 'approve' || intent === 'fail' || intent === 'timeout') {
        if (found.cardFields && !found.payment.cardLast4) {
          return reply.status(409).type('text/plain').send('Enter the card in the checkout first.');
        }
        const outcome = intent === 'approve' ? 'success' : intent === 'fail' ? 'declined' : intent;
        await gateway.settle(found, outcome, 'browser');
        return reply.redirect(back, 303);
      }
      // A redirect_post provider's page is reached by the posted form itself.
      return reply
        .type(HTML)
        .header('content-security-policy', HOSTED_PAGE_CSP)
        .send(pageFor(found, request.url));
    },
  );
}
