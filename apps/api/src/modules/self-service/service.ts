/**
 * The dashboard's actions on the logged-in account's own subscriptions and orders (issue 20).
 * Each is idempotent: a repeat answers the state the first one left and records nothing more.
 * Someone else's subscription or order is answered exactly like one that does not exist (404).
 */
import {
  AppError,
  ERROR_CODES,
  type RefundAnswer,
  type SubscriptionState,
} from '@checkout/core/contract';
import {
  accountSubscription,
  moveSubscriptions,
  setAutoRenew,
} from '../subscriptions/customer-actions';
import { accountOrder, paidTimes, refundableUntil } from '../orders/refund-window';
import { refundOrder, startCustomerRefund, type OutcomeDeps } from '../payments/outcome';

export interface SelfServiceDeps extends OutcomeDeps {
  /** The api's clock (tests and the renewals lane's injectable clock move it). */
  now: () => Date;
}

/** Whose account acts: the logged-in session's e-mail. */
export interface Customer {
  email: string;
}

const CUSTOMER = 'customer';
const noSuchSubscription = () =>
  new AppError(ERROR_CODES.notFound, 'There is no such subscription.');
const noSuchOrder = () => new AppError(ERROR_CODES.notFound, 'There is no such order.');
const ended = () =>
  new AppError(ERROR_CODES.subscriptionEnded, 'This subscription has ended; it cannot change.');

async function ownSubscription(deps: SelfServiceDeps, customer: Customer, id: string) {
  const found = await accountSubscription(deps.db, id, customer.email);
  if (!found) throw noSuchSubscription();
  return found;
}

/** Off: the subscription ends with its paid term and nothing more is charged; on: it renews. */
export async function changeAutoRenew(
  deps: SelfServiceDeps,
  customer: Customer,
  id: string,
  on: boolean,
): Promise<SubscriptionState> {
  const current = await ownSubscription(deps, customer, id);
  if (current.status === 'canceled' || current.status === 'expired') throw ended();
  await setAutoRenew(deps.db, id, on, CUSTOMER);
  return ownSubscription(deps, customer, id);
}

/** Ends the subscription now: nothing more is charged, nothing is refunded. */
export async function cancelSubscription(
  deps: SelfServiceDeps,
  customer: Customer,
  id: string,
): Promise<SubscriptionState> {
  const current = await ownSubscription(deps, customer, id);
  if (current.status === 'expired') throw ended();
  await moveSubscriptions(deps.db, { id }, 'canceled', { type: 'canceled', actor: CUSTOMER });
  return ownSubscription(deps, customer, id);
}

/**
 * Gives back a paid order within its money-back window through its provider's refund; its move
 * ends the subscriptions it paid for (checkout/complete-order.ts). An order whose subscription
 * an upgrade replaced is not refunded: its unused time was the upgrade's credit, and the upgrade
 * order is the one to refund. The order waits in refund_due while the provider has not accepted
 * the refund (the payment sweep asks again), and is refunded once however often this is called.
 */
export async function requestRefund(
  deps: SelfServiceDeps,
  customer: Customer,
  orderId: string,
): Promise<RefundAnswer> {
  const order = await accountOrder(deps.db, orderId, customer.email);
  if (!order) throw noSuchOrder();
  if (order.status === 'paid') {
    const paidAt = (await paidTimes(deps.db, [orderId])).get(orderId) ?? order.createdAt;
    if (deps.now() > refundableUntil(deps.catalog, order, paidAt)) {
      throw new AppError(
        ERROR_CODES.refundWindowClosed,
        'The money-back window of this order has closed.',
      );
    }
    const moved = await startCustomerRefund(deps, orderId);
    if (!moved && (await accountOrder(deps.db, orderId, customer.email))?.status === 'paid') {
      throw new AppError(
        ERROR_CODES.orderNotRefundable,
        'An upgrade replaced what this order paid for; its unused time was credited to the upgrade.',
      );
    }
  } else if (order.status !== 'refund_due' && order.status !== 'refunded') {
    throw new AppError(ERROR_CODES.orderNotRefundable, 'This order was not paid.');
  }
  try {
    await refundOrder(deps, orderId);
  } catch (error) {
    // The provider did not accept it yet: the order stays refund_due and the sweep asks again.
    if (!(error instanceof AppError && error.code === ERROR_CODES.unavailable)) throw error;
  }
  const after = await accountOrder(deps.db, orderId, customer.email);
  return { id: orderId, status: after?.status ?? order.status };
}
