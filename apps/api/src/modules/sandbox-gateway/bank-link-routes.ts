/**
 * The bank-link widget's routes: GET shows the test banks, POST links one (or leaves) and
 * answers with the page that hands the public token (or the exit) to the checkout window. Both
 * need the signed session the payment handed out with the widget's URL.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PROVIDER_LABELS } from '@checkout/core';
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

type Request = {
  Params: { id: string };
  Querystring: { origin?: string; session?: string };
  Body: { intent?: string; bank?: string } | undefined;
};

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
    params: Request['Params'],
    query: Request['Querystring'],
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

  app.get<Request>('/api/sandbox/bank-link/:id/', async (request, reply) => {
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

  app.post<Request>('/api/sandbox/bank-link/:id/', async (request, reply) => {
    const page = await widget(request.params, request.query);
    if ('status' in page) return reply.status(page.status).type('text/plain').send(page.text);
    const { intent, bank } = request.body ?? {};
    const linked = intent === 'link' && bank !== undefined && bank in SANDBOX_BANKS;
    if (!linked && intent !== 'exit') {
      return reply.status(400).type('text/plain').send('Choose a bank, or cancel.');
    }
    const token = linked && issuePublicToken(secret, page.found.paymentId, bank as SandboxBank);
    return send(
      reply,
      page.origin,
      bankLinkResultPage(page.origin, token ? { type: 'linked', token } : { type: 'exit' }),
    );
  });
}
