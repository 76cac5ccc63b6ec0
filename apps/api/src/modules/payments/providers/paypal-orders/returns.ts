/**
 * The redirect flow's way back: PayPal sends the payer to /api/paypal/return/<payment>/ after
 * approving, or /api/paypal/cancel/<payment>/ after leaving, with PayPal's order id as `token`.
 * Only the order PayPal gave that payment is taken; an approved one is captured at once, a left one
 * cancels the order (the cart pays again), and the browser goes on to the processing page the
 * payment started from (its language and product parameters), kept server-side so no address
 * can send it elsewhere. A capture PayPal does not answer now leaves the order new: the
 * processing page's refresh or PayPal's webhook captures it later.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { text, withOrderId } from '@checkout/core';
import type { Database } from '../../../../db/client';
import type { PaymentDesk } from '../adapter';
import type { PayPalAdapter } from './adapter';
import { recordOf } from './store';

const schema = {
  params: z.object({ paymentId: z.uuid() }),
  querystring: z.looseObject({ token: text().min(1).max(64) }),
};

const refused = () =>
  new AppError(ERROR_CODES.validation, 'This PayPal return is for another payment.', [
    { path: 'token', message: 'invalid' },
  ]);

export function paypalReturnRoutes(
  app: FastifyInstance,
  setting: { db: Database; desk: PaymentDesk; adapter: PayPalAdapter; publicOrigin: string },
): void {
  const { db, desk, adapter } = setting;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const found = async (paymentId: string, token: string) => {
    const [record, facts] = await Promise.all([
      recordOf(db, paymentId),
      desk.findPayment(paymentId),
    ]);
    if (!record || !facts || record.paypalOrderId !== token) throw refused();
    return { record, facts };
  };
  const processing = (returnPath: string, orderId: string) =>
    new URL(withOrderId(returnPath, orderId), setting.publicOrigin).toString();

  api.get('/api/paypal/return/:paymentId/', { schema }, async (request, reply) => {
    const { record, facts } = await found(request.params.paymentId, request.query.token);
    if (facts.orderStatus === 'new') {
      const status = await adapter.capture(record).catch((error: unknown) => {
        if (error instanceof AppError && error.code === ERROR_CODES.unavailable) return undefined;
        throw error;
      });
      if (status) await desk.report(facts, status);
    }
    return reply.redirect(processing(record.returnPath, facts.orderId), 303);
  });

  api.get('/api/paypal/cancel/:paymentId/', { schema }, async (request, reply) => {
    const { record, facts } = await found(request.params.paymentId, request.query.token);
    if (facts.orderStatus === 'new') {
      await adapter.forget(record.paymentId);
      await desk.report(facts, 'canceled');
    }
    return reply.redirect(processing(record.returnPath, facts.orderId), 303);
  });
}
