/**
 * The bank-link widget's routes: GET shows the test banks, POST links one (or leaves) and
 * answers with the page that hands the public token (or the exit) to the checkout window. Both
 * need the signed session the payment handed out with the widget's URL.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROVIDER_LABELS, text } from '@checkout/core';
import type { PaymentDesk } from '../payments/providers/adapter';
import {
  bankLinkCsp,
  bankLinkPage,
  bankLinkResultPage,
  issuePublicToken,
  SANDBOX_BANKS,
  type SandboxBank,
} from './bank-link';
import { amountOf, findSandboxPayment, type FoundPayment } from './payments';
import { checkHostedSession } from './session';
import { framingOrigin, HTML } from './routes';

/** The widget of one payment, framed by a checkout, under the session its payment handed out. */
const widgetSchema = {
  params: z.object({ id: text().max(200) }),
  querystring: z.object({ origin: text().optional(), session: text().max(2048).optional() }),
};

/** The widget's form: link a test bank, or leave (checked below, after the session). */
const widgetFormSchema = z
  .object({ intent: text().max(16).optional(), bank: text().max(64).optional() })
  .optional();

/** One of the test banks, by its own key (never an inherited name such as `constructor`). */
const isSandboxBank = (bank: string | undefined): bank is SandboxBank =>
  bank !== undefined && Object.hasOwn(SANDBOX_BANKS, bank);

type Widget = { [Part in keyof typeof widgetSchema]: z.output<(typeof widgetSchema)[Part]> };

export function bankLinkRoutes(
  app: FastifyInstance,
  desk: PaymentDesk,
  /** Signs the public tokens, so only this gateway's exchange accepts them. */
  secret: string,
  frameOrigins: readonly string[],
  /** Signs the widget's sessions (CART_SECRET): only the payment's own browser gets one. */
  sessionSecret: string,
): void {
  /** The widget of a payment waiting for its bank link, framed by one of our checkouts. */
  const widget = async (
    params: Widget['params'],
    query: Widget['querystring'],
  ): Promise<{ origin: string; found: FoundPayment } | { status: number; text: string }> => {
    const origin = framingOrigin(query.origin, frameOrigins);
    if (!origin) return { status: 400, text: 'This origin may not use the bank link.' };
    const session = checkHostedSession(sessionSecret, query.session, params.id);
    if (session === 'expired') {
      return { status: 403, text: 'This bank link has expired. Return to the checkout.' };
    }
    if (session !== 'valid') return { status: 404, text: 'Unknown payment.' };
    const found = await findSandboxPayment(desk, params.id);
    if (!found || found.provider.action !== 'token_exchange') {
      return { status: 404, text: 'Unknown payment.' };
    }
    if (found.orderStatus !== 'new') {
      return { status: 409, text: 'This payment no longer waits for a bank link.' };
    }
    return { origin, found };
  };

  const send = (reply: FastifyReply, origin: string, html: string) =>
    reply
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('content-security-policy', bankLinkCsp(origin))
      .send(html);

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/sandbox/bank-link/:id/', { schema: widgetSchema }, async (request, reply) => {
    const page = await widget(request.params, request.query);
    if ('status' in page) return reply.status(page.status).type('text/plain').send(page.text);
    const { provider } = page.found;
    return send(
      reply,
      page.origin,
      bankLinkPage({
        provider: PROVIDER_LABELS[provider.id] ?? provider.id,
        amount: amountOf(page.found),
        action: request.url,
      }),
    );
  });

  const formSchema = { ...widgetSchema, body: widgetFormSchema };
  api.post('/api/sandbox/bank-link/:id/', { schema: formSchema }, async (request, reply) => {
    const page = await widget(request.params, request.query);
    if ('status' in page) return reply.status(page.status).type('text/plain').send(page.text);
    const { intent, bank } = request.body ?? {};
    const linked = intent === 'link' && isSandboxBank(bank);
    if (!linked && intent !== 'exit') {
      return reply.status(400).type('text/plain').send('Choose a bank, or cancel.');
    }
    const token = linked && issuePublicToken(secret, page.found.paymentId, bank);
    return send(
      reply,
      page.origin,
      bankLinkResultPage(page.origin, token ? { type: 'linked', token } : { type: 'exit' }),
    );
  });
}
