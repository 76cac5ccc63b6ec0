/**
 * The sandbox gateway's pages and endpoints: the card fields the checkout frames and their token
 * endpoint, and the hosted page of a payment (a provider's approval page, a wallet sheet, or a
 * card's 3-D Secure challenge) with its approve, decline, time-out and cancel buttons. The
 * bank-link widget has its own routes (sandbox-bank-link-routes.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cardErrorSlugs,
  cardFieldsTextSchema,
  cardFormSchema,
  cardInputSchema,
  DEFAULT_CARD_FIELDS_TEXT,
  DEFAULT_CARD_FORM,
  isPaymentReturnPath,
  PROCESSING_PATH,
  PROVIDER_LABELS,
  text,
  withOrderId,
} from '@checkout/core';
import type { Database } from '../../db/client';
import { approvalPage, closedPage, type ApprovalKind } from './approval-page';
import { cardFieldsCsp, cardFieldsPage } from './card-fields-page';
import { checkCard } from './cards';
import type { SandboxGateway } from './gateway';
import { CARD_FIELDS_PATH } from './gateway';
import { amountOf, findSandboxPayment, type FoundPayment } from './payments';
import { checkHostedSession, type SessionCheck } from './session';
import { vaultCard } from './vault';

export const HTML = 'text/html; charset=utf-8';

/** The hosted pages run no script, and only we may frame them. */
const HOSTED_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** A hosted page of one payment, under the session its payment handed out. */
export const hostedPageSchema = {
  params: z.object({ id: text().max(200) }),
  querystring: z.object({ return: text().optional(), session: text().max(2048).optional() }),
};

/** The hosted page's buttons (a form post); a redirect_post provider's own form posts other fields. */
const hostedPageFormSchema = z.looseObject({ intent: text().max(32).optional() }).optional();

/**
 * A hosted page acts only under the session its payment handed out. Without one (or with a
 * forged one, or another payment's) the payment is as unknown as a made-up id; an expired one
 * says so, since its holder was the payment's own browser.
 */
function refuseSession(check: SessionCheck, reply: FastifyReply): FastifyReply | undefined {
  if (check === 'valid') return undefined;
  return check === 'expired'
    ? reply
        .status(403)
        .type('text/plain')
        .send('This payment session has expired. Return to the checkout and pay again.')
    : reply.status(404).type('text/plain').send('Unknown payment.');
}

/** The checkout origin that frames a sandbox page, if it is one of ours. */
export function framingOrigin(raw: unknown, allowed: readonly string[]): string | undefined {
  const url = z.url().safeParse(raw);
  const origin = url.success ? new URL(url.data).origin : undefined;
  return origin && allowed.includes(origin) ? origin : undefined;
}

const fieldsQuery = z.object({
  origin: text(),
  /** The labels and messages, in the shopper's language: base64url JSON. */
  text: text().max(8000).optional(),
  /** The card form to show (fields per provider, country and layout): base64url JSON. */
  form: text().max(1000).optional(),
});

/** A base64url JSON parameter checked with its schema; absent means the default. */
function parseEncoded<T>(
  raw: string | undefined,
  schema: z.ZodType<T>,
  fallback: T,
): T | undefined {
  if (raw === undefined) return fallback;
  try {
    const json: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return schema.safeParse(json).data;
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
  /** Signs the hosted pages' sessions (CART_SECRET). */
  sessionSecret: string,
  /** Counts a card token request; throws past the gateway's own velocity limit. */
  tokenLimit: (request: FastifyRequest, fingerprint: string) => Promise<void>,
): void {
  const load = (id: string) => findSandboxPayment(gateway.desk, id);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sessionOf = (request: { params: { id: string }; query: { session?: string } }) =>
    checkHostedSession(sessionSecret, request.query.session, request.params.id);
  // The page's address is the shopper's to edit: only a return path a payment may carry is followed.
  const backTo = (raw: string | undefined, orderId: string) =>
    withOrderId(raw !== undefined && isPaymentReturnPath(raw) ? raw : PROCESSING_PATH, orderId);
  const providerName = (found: FoundPayment) =>
    found.cardFields ? 'Card issuer' : (PROVIDER_LABELS[found.provider.id] ?? found.provider.id);

  /**
   * A payment already canceled (by the shopper, by a new attempt on the cart, or on expiry) or
   * already answered is never approved afterwards: the page says so, and nothing changes.
   */
  const refuseClosed = (found: FoundPayment, back: string, reply: FastifyReply) => {
    if (found.orderStatus === 'new') return undefined;
    const reason = found.orderStatus === 'canceled' ? 'canceled' : 'answered';
    return reply
      .status(409)
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('content-security-policy', HOSTED_PAGE_CSP)
      .send(closedPage({ reason, provider: providerName(found), amount: amountOf(found), back }));
  };

  /** What the shopper sees for a payment: an approval page of its kind, or the card's challenge. */
  const pageFor = (found: FoundPayment, action: string) => {
    const kind: ApprovalKind = found.cardFields
      ? 'challenge'
      : found.provider.flow === 'one_click_payment'
        ? 'wallet'
        : 'redirect';
    return approvalPage({
      kind,
      provider: providerName(found),
      amount: amountOf(found),
      action,
    });
  };

  api.get(CARD_FIELDS_PATH, { schema: { querystring: fieldsQuery } }, async (request, reply) => {
    const origin = framingOrigin(request.query.origin, frameOrigins);
    if (!origin) {
      return reply.status(400).type('text/plain').send('This origin may not use the card fields.');
    }
    const text = parseEncoded(request.query.text, cardFieldsTextSchema, DEFAULT_CARD_FIELDS_TEXT);
    if (!text)
      return reply.status(400).type('text/plain').send('The card fields text is not valid.');
    const form = parseEncoded(request.query.form, cardFormSchema, DEFAULT_CARD_FORM);
    if (!form) return reply.status(400).type('text/plain').send('The card form is not valid.');
    return reply
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('content-security-policy', cardFieldsCsp(origin))
      .send(
        cardFieldsPage({ parentOrigin: origin, tokensUrl: '/api/sandbox/tokens/', text, form }),
      );
  });

  // The card arrives here straight from the fields; it is checked, and only a token leaves.
  api.post(
    '/api/sandbox/tokens/',
    { schema: { body: cardInputSchema } },
    async (request, reply) => {
      const input = request.body;
      const card = checkCard(input);
      const fingerprint = gateway.fingerprintOf(input.number);
      await tokenLimit(request, fingerprint);
      if (Object.keys(card.errors).length > 0) {
        return reply
          .status(422)
          .header('cache-control', 'no-store')
          .send({ errors: card.errors, slugs: cardErrorSlugs(card.errors) });
      }
      const token = await vaultCard(db, card, fingerprint);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ token, brand: card.brand, last4: card.last4 });
    },
  );

  api.get('/api/sandbox/checkout/:id/', { schema: hostedPageSchema }, async (request, reply) => {
    const refused = refuseSession(sessionOf(request), reply);
    if (refused) return refused;
    const found = await load(request.params.id);
    if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
    if (found.cardFields && !found.cardLast4) {
      return reply.status(409).type('text/plain').send('Enter the card in the checkout first.');
    }
    const back = backTo(request.query.return, found.orderId);
    const closed = refuseClosed(found, back, reply);
    if (closed) return closed;
    return reply
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('content-security-policy', HOSTED_PAGE_CSP)
      .send(pageFor(found, request.url));
  });

  api.post(
    '/api/sandbox/checkout/:id/',
    { schema: { ...hostedPageSchema, body: hostedPageFormSchema } },
    async (request, reply) => {
      const refused = refuseSession(sessionOf(request), reply);
      if (refused) return refused;
      const found = await load(request.params.id);
      if (!found) return reply.status(404).type('text/plain').send('Unknown payment.');
      const back = backTo(request.query.return, found.orderId);
      const intent = request.body?.intent;
      // Leaving a payment that is already over changes nothing: back to the checkout.
      if (intent === 'cancel' && found.orderStatus !== 'new') return reply.redirect(back, 303);
      const closed = refuseClosed(found, back, reply);
      if (closed) return closed;
      if (intent === 'cancel') {
        await gateway.settleInPage(found, 'canceled');
        return reply.redirect(back, 303);
      }
      if (intent === 'approve' || intent === 'fail' || intent === 'timeout') {
        if (found.cardFields && !found.cardLast4) {
          return reply.status(409).type('text/plain').send('Enter the card in the checkout first.');
        }
        const outcome = intent === 'approve' ? 'success' : intent === 'fail' ? 'declined' : intent;
        await gateway.settleInPage(found, outcome);
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
