/**
 * What happens to a payment after it started: the checkout, from a dialog over the page,
 * exchanges a bank link's public token (the token-exchange type) or cancels a payment whose
 * dialog the shopper closed, so the cart is payable again; a new attempt replaces a payment the
 * provider never answered; and a payment whose notification is overdue is refreshed by asking
 * the provider. Exchange and cancel act only on an order the provider has not answered yet
 * (status new); afterwards they answer with what already happened. Both act only for the browser
 * or account the order's cart belongs to.
 */
import { and, eq } from 'drizzle-orm';
import { AppError, ERROR_CODES, type PaymentCancelAnswer } from '@checkout/core/contract';
import {
  canTransition,
  findProvider,
  isWaiting,
  type OrderStatus,
  type PaymentAction,
  type PaymentDetailsRequest,
  type ProviderSpec,
  type TokenExchangeRequest,
} from '@checkout/core';
import type { Database } from '../../db/client';
import type { CartCaller } from '../carts/binding';
import { ownsCart } from '../carts/service';
import { orders } from '../orders/tables';
import type { PaymentDeps } from './deps';
import { noSuchOrder, paymentOf, type OrderPayment } from './order-payment';
import { moveOrder, voidUnanswered } from './outcome';
import type { PaymentAdapter } from './providers/adapter';
import { payments } from './tables';

/** Refuses a payment step no configured provider can take, before anything is written. */
export function requireAdapter(deps: PaymentDeps, provider: ProviderSpec): PaymentAdapter {
  const adapter = deps.adapterFor(provider);
  if (adapter) return adapter;
  throw new AppError(
    ERROR_CODES.providerUnavailable,
    `No payment provider is configured for ${provider.id}.`,
  );
}

/** The payment of an order whose cart the caller owns; anyone else's answers like no order. */
async function ownPayment(
  db: Database,
  orderId: string,
  caller: CartCaller,
): Promise<OrderPayment> {
  const payment = await paymentOf(db, orderId);
  if (!(await ownsCart(db, payment.cartId, caller))) throw noSuchOrder();
  return payment;
}

/** A repeat after the provider answered: paid or pending go on to /processing/. */
export function answered(orderId: string, status: OrderStatus): PaymentAction {
  return status === 'paid' || status === 'pending'
    ? { type: 'done', orderId }
    : { type: 'error', orderId, reason: 'failed' };
}

export async function exchangeToken(
  deps: PaymentDeps,
  request: TokenExchangeRequest,
  caller: CartCaller,
): Promise<PaymentAction> {
  const payment = await ownPayment(deps.db, request.orderId, caller);
  const adapter = requireAdapter(deps, payment.provider);
  if (payment.provider.action !== 'token_exchange' || !adapter.exchangeToken) {
    throw new AppError(ERROR_CODES.validation, 'This payment does not link a bank.', [
      { path: 'orderId', message: 'invalid' },
    ]);
  }
  if (payment.status !== 'new') return answered(payment.orderId, payment.status);
  const exchanged = await adapter.exchangeToken(payment, request.publicToken);
  if (!exchanged) {
    throw new AppError(ERROR_CODES.validation, 'The bank link has expired. Link it again.', [
      { path: 'publicToken', message: 'invalid' },
    ]);
  }
  await moveOrder(deps, payment.orderId, exchanged.status, 'authorization');
  return exchanged.action;
}

/** Back from the provider's redirect or 3-D Secure step: the provider's answer moves the order. */
export async function submitDetails(
  deps: PaymentDeps,
  request: PaymentDetailsRequest,
  caller: CartCaller,
): Promise<PaymentAction> {
  const payment = await ownPayment(deps.db, request.orderId, caller);
  const adapter = requireAdapter(deps, payment.provider);
  if (!adapter.submitDetails) {
    throw new AppError(ERROR_CODES.validation, 'This payment has no further step.', [
      { path: 'orderId', message: 'invalid' },
    ]);
  }
  // A wait (Pix, BLIK) is finished on a pending order; any other answered order says what it is.
  if (!isWaiting(payment.status)) return answered(payment.orderId, payment.status);
  const { action, status } = await adapter.submitDetails(payment, request.details);
  if (status) await moveOrder(deps, payment.orderId, status, 'authorization');
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
  const adapter = provider && deps.adapterFor(provider);
  if (!unanswered || !adapter) return false;
  await voidUnanswered(deps, adapter, unanswered, 'browser');
  return true;
}

/** The order's status after the cancel: canceled, or whatever the provider answered first. */
export async function cancelPayment(
  deps: PaymentDeps,
  { orderId }: { orderId: string },
  caller: CartCaller,
): Promise<PaymentCancelAnswer> {
  const payment = await ownPayment(deps.db, orderId, caller);
  if (payment.status !== 'new') return { orderId, status: payment.status };
  await voidUnanswered(deps, requireAdapter(deps, payment.provider), payment, 'browser');
  const [order] = await deps.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { orderId, status: order?.status ?? 'canceled' };
}

/** When each order's provider was last asked, so a polling page asks at most once a while. */
const lastAsked = new Map<string, number>();
const ASKED_CAPACITY = 10_000;

/**
 * An order still waiting (new or pending) with nothing heard for `afterMs`: the provider is
 * asked for the payment's status, at most once per `afterMs` per order, and its answer moves
 * the order (event source "poll"). True when the order moved.
 */
export async function refreshPayment(
  deps: PaymentDeps,
  orderId: string,
  afterMs: number,
  now = Date.now(),
): Promise<boolean> {
  if (now - (lastAsked.get(orderId) ?? 0) < afterMs) return false;
  const payment = await paymentOf(deps.db, orderId);
  const waiting = payment.status === 'new' || payment.status === 'pending';
  if (!waiting || now - payment.updatedAt.getTime() < afterMs) return false;
  lastAsked.set(orderId, now);
  if (lastAsked.size > ASKED_CAPACITY) lastAsked.delete(lastAsked.keys().next().value as string);
  const adapter = deps.adapterFor(payment.provider);
  if (!adapter) return false;
  const status = await adapter.refreshStatus(payment);
  if (!status || !canTransition(payment.status, status)) return false;
  return moveOrder(deps, orderId, status, 'poll');
}
