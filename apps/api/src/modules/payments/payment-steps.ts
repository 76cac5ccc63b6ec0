/**
 * What the checkout asks of a payment after it started, from a dialog over the page: exchange a
 * bank link's public token (the token-exchange type), and cancel a payment whose dialog the
 * shopper closed, so the cart is payable again. Both act only on an order the provider has not
 * answered yet (status new); afterwards they answer with what already happened.
 */
import { and, eq } from 'drizzle-orm';
import {
  AppError,
  ERROR_CODES,
  findProvider,
  paymentCancelRequestSchema,
  tokenExchangeRequestSchema,
  type OrderStatus,
  type PaymentAction,
  type ProviderSpec,
} from '@checkout/core';
import type { Database } from '../../db/client';
import { orders } from '../orders/tables';
import type { PaymentDeps } from './service';
import { payments } from './tables';

interface OrderPayment {
  paymentId: string;
  orderId: string;
  provider: ProviderSpec;
  status: OrderStatus;
}

async function paymentOf(db: Database, orderId: string): Promise<OrderPayment> {
  const [row] = await db
    .select({ paymentId: payments.id, provider: payments.provider, status: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.orderId, orderId));
  const provider = row && findProvider(row.provider);
  if (!row || !provider) throw new AppError(ERROR_CODES.notFound, 404, 'There is no such order.');
  return { ...row, orderId, provider };
}

/** A repeat after the provider answered: paid or pending go on to /processing/. */
function answered(orderId: string, status: OrderStatus): PaymentAction {
  return status === 'paid' || status === 'pending'
    ? { type: 'done', orderId }
    : { type: 'error', orderId, reason: 'failed' };
}

export async function exchangeToken(deps: PaymentDeps, body: unknown): Promise<PaymentAction> {
  const request = tokenExchangeRequestSchema.parse(body);
  const payment = await paymentOf(deps.db, request.orderId);
  const adapter = deps.adapterFor(payment.provider);
  if (payment.provider.action !== 'token_exchange' || !adapter.exchangeToken) {
    throw new AppError(ERROR_CODES.validation, 400, 'This payment does not link a bank.', [
      { path: 'orderId', message: 'invalid' },
    ]);
  }
  if (payment.status !== 'new') return answered(payment.orderId, payment.status);
  const action = await adapter.exchangeToken(payment, request.publicToken);
  if (!action) {
    throw new AppError(ERROR_CODES.validation, 400, 'The bank link has expired. Link it again.', [
      { path: 'publicToken', message: 'invalid' },
    ]);
  }
  return action;
}

/**
 * A new attempt on a cart whose last payment the provider never answered (the shopper came back
 * from its page with the back button, or closed the tab): that payment is canceled and the cart
 * reopened. False when there is none; an order already pending stays, money may be on its way.
 */
export async function supersedeUnanswered(deps: PaymentDeps, cartId: string): Promise<boolean> {
  const [unanswered] = await deps.db
    .select({ paymentId: payments.id, orderId: orders.id, provider: payments.provider })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.cartId, cartId), eq(orders.status, 'new')));
  const provider = unanswered && findProvider(unanswered.provider);
  if (!unanswered || !provider) return false;
  await deps.adapterFor(provider).cancelPayment(unanswered);
  return true;
}

/** The order's status after the cancel: canceled, or whatever the provider answered first. */
export async function cancelPayment(
  deps: PaymentDeps,
  body: unknown,
): Promise<{ orderId: string; status: OrderStatus }> {
  const { orderId } = paymentCancelRequestSchema.parse(body);
  const payment = await paymentOf(deps.db, orderId);
  if (payment.status !== 'new') return { orderId, status: payment.status };
  await deps.adapterFor(payment.provider).cancelPayment(payment);
  const [order] = await deps.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { orderId, status: order?.status ?? 'canceled' };
}
