/**
 * The card renewals charge, as the update-card page shows it: the subscription, the card on file
 * (the customer's newest, else the first payment's) and the card provider that takes a new one.
 */
import { sql } from 'drizzle-orm';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import {
  findProvider,
  PAYMENT_PROVIDERS,
  takesCardFields,
  type ProviderSpec,
  type SubscriptionCardView,
} from '@checkout/core';
import { queryRows, type Database } from '../../db/client';
import { savedMethodOf } from '../payments/renewal-payments';
import type { RenewalDeps } from './renewals';

export interface OwnedSubscription {
  order_id: string;
  plan: string;
  status: SubscriptionCardView['status'];
  country: string;
  currency: string;
}

/** The subscription when `owner` holds it; another account's answers as one that does not exist. */
export async function ownedSubscription(
  db: Database,
  owner: string,
  subscriptionId: string,
): Promise<OwnedSubscription> {
  const [sub] = await queryRows<OwnedSubscription & { email: string }>(
    db,
    sql`select s.order_id, s.plan, s.status, s.email, o.country, o.currency
      from subscriptions s join orders o on o.id = s.order_id where s.id = ${subscriptionId}`,
  );
  if (!sub || sub.email !== owner) {
    throw new AppError(ERROR_CODES.notFound, 'No such subscription.');
  }
  return sub;
}

/** The card provider of the first payment, else the first card provider offered. */
export async function cardProviderOf(
  db: Database,
  orderId: string,
): Promise<ProviderSpec | undefined> {
  const first = await savedMethodOf(db, orderId);
  const firstProvider = first && findProvider(first.provider);
  return firstProvider && takesCardFields(firstProvider)
    ? firstProvider
    : PAYMENT_PROVIDERS.find(takesCardFields);
}

/** The newest card the customer entered (its event), else the first payment's card. */
export async function cardOnFile(db: Database, subscriptionId: string, orderId: string) {
  const [card] = await queryRows<{ brand: string | null; last4: string | null }>(
    db,
    sql`select * from (
        (select detail->>'brand' as brand, detail->>'last4' as last4, 1 as rank
          from subscription_events where subscription_id = ${subscriptionId}
            and type = 'payment_method_updated' order by id desc limit 1)
        union all
        (select card_brand, card_last4, 2 from payments
          where order_id = ${orderId} and card_last4 is not null limit 1)
      ) cards order by rank limit 1`,
  );
  return card?.last4 ? { brand: card.brand, last4: card.last4 } : null;
}

export async function subscriptionCard(
  deps: RenewalDeps,
  owner: string,
  subscriptionId: string,
): Promise<SubscriptionCardView> {
  const sub = await ownedSubscription(deps.db, owner, subscriptionId);
  const provider = await cardProviderOf(deps.db, sub.order_id);
  const adapter = provider && deps.adapterFor(provider);
  const cardFields = adapter?.cardFieldsUrl ?? null;
  if (!provider || (!cardFields && !adapter?.saveComponentCard)) {
    throw new AppError(ERROR_CODES.conflict, 'No card provider takes cards now.');
  }
  return {
    id: subscriptionId,
    plan: sub.plan,
    product: deps.catalog.snapshot().plans.get(sub.plan)?.productId ?? null,
    status: sub.status,
    provider: provider.id,
    cardFields,
    country: sub.country,
    card: await cardOnFile(deps.db, subscriptionId, sub.order_id),
  };
}
