/**
 * The console's customers: an account's orders and subscriptions (by its e-mail, or by one of
 * its orders), each subscription's dunning stage and card on file, and what
 * staff may do to a subscription: auto-renew off or on, cancel now, retry a past-due renewal.
 * Each change is done by the owning module and written to the audit log.
 */
import { AppError, ERROR_CODES, maskEmail } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { Catalog } from '../catalog/catalog';
import { accountHistory } from '../self-service/history';
import { moveSubscriptions, setAutoRenew } from '../subscriptions/customer-actions';
import { searchOrders } from '../payments/order-search';
import { cardOnFile } from '../renewals/card-on-file';
import { failedAttemptsOf } from '../subscriptions/renewal-state';
import { audit } from './audit';
import type { Actor } from './orders';

export interface CustomerDeps {
  db: Database;
  catalog: Catalog;
  /** Renews a due (past-due) subscription now; true when it paid (subscriptions module). */
  renewNow: (subscriptionId: string) => Promise<boolean>;
}

/** The account's address: the one given, or its order's. */
async function addressOf(db: Database, lookup: { email?: string; orderId?: string }) {
  if (lookup.email) return lookup.email;
  const [order] = await searchOrders(db, { orderId: lookup.orderId, limit: 1 });
  if (!order) throw new AppError(ERROR_CODES.notFound, 'No order has this id.');
  return order.email;
}

export async function customerOf(
  deps: CustomerDeps,
  lookup: { email?: string | undefined; orderId?: string | undefined },
) {
  const email = await addressOf(deps.db, {
    ...(lookup.email ? { email: lookup.email } : {}),
    ...(lookup.orderId ? { orderId: lookup.orderId } : {}),
  });
  const [orders, history] = await Promise.all([
    searchOrders(deps.db, { email, limit: 100 }),
    accountHistory(deps.db, deps.catalog, email),
  ]);
  return {
    emailMasked: maskEmail(email),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      currency: o.currency,
      totalMinor: o.totalMinor,
      provider: o.provider,
      createdAt: o.createdAt.toISOString(),
    })),
    subscriptions: await Promise.all(
      history.subscriptions.map(async (sub) => ({
        ...sub,
        dunningAttempts: await failedAttemptsOf(deps.db, sub.id),
        card: await cardOnFile(deps.db, sub.id, sub.orderId),
      })),
    ),
  };
}

const unchanged = () =>
  new AppError(
    ERROR_CODES.conflict,
    'Nothing changed: the subscription is unknown, has ended, or is so already.',
  );

const actorWord = (actor: Actor) => `staff:${actor.member.email}`;

export async function changeAutoRenewFromConsole(
  deps: CustomerDeps,
  actor: Actor,
  id: string,
  on: boolean,
) {
  if (!(await setAutoRenew(deps.db, id, on, actorWord(actor)))) throw unchanged();
  await audit(deps.db, actor.member, actor.address, {
    action: on ? 'subscription.auto_renew_on' : 'subscription.auto_renew_off',
    subject: `subscription:${id}`,
    before: { autoRenew: !on },
    after: { autoRenew: on },
  });
  return { id, autoRenew: on };
}

export async function cancelSubscriptionFromConsole(deps: CustomerDeps, actor: Actor, id: string) {
  const moved = await moveSubscriptions(deps.db, { id }, 'canceled', {
    type: 'canceled',
    actor: actorWord(actor),
  });
  if (moved.length === 0) throw unchanged();
  await audit(deps.db, actor.member, actor.address, {
    action: 'subscription.cancel',
    subject: `subscription:${id}`,
    after: { status: 'canceled' },
  });
  return { id, status: 'canceled' as const };
}

/** Charges a due renewal now (a past-due one, after the customer fixed their card). */
export async function retryRenewalFromConsole(deps: CustomerDeps, actor: Actor, id: string) {
  const paid = await deps.renewNow(id);
  await audit(deps.db, actor.member, actor.address, {
    action: 'subscription.retry_renewal',
    subject: `subscription:${id}`,
    after: { paid },
  });
  return { id, paid };
}
