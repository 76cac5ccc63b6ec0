/**
 * The customer's new card for a subscription (the update-card page): the provider keeps it on
 * file in place of the first payment's, and a past_due subscription is charged with it at once.
 */
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import type { Currency, PaymentMethodRequest, PaymentMethodView } from '@checkout/core';
import { cardProviderOf, ownedSubscription } from './card-on-file';
import { changeSubscription } from '../subscriptions/moves';
import { dueNow, keepPaymentMethod } from '../subscriptions/renewal-state';
import { renewNow, type RenewalDeps } from './renewals';

export async function replacePaymentMethod(
  deps: RenewalDeps,
  owner: string,
  subscriptionId: string,
  body: PaymentMethodRequest,
): Promise<PaymentMethodView> {
  const sub = await ownedSubscription(deps.db, owner, subscriptionId);
  if (sub.status !== 'active' && sub.status !== 'past_due') {
    throw new AppError(ERROR_CODES.conflict, 'This subscription has ended.');
  }
  const provider = await cardProviderOf(deps.db, sub.order_id);
  const adapter = provider && deps.adapterFor(provider);
  const saved =
    'cardToken' in body
      ? await adapter?.saveCard?.(body.cardToken)
      : await adapter?.saveComponentCard?.(body.componentData, {
          shopperReference: sub.order_id,
          currency: sub.currency as Currency,
        });
  if (!provider || !saved) {
    const path = 'cardToken' in body ? 'cardToken' : 'componentData';
    throw new AppError(ERROR_CODES.validation, 'The card could not be saved; enter it again.', [
      { path, message: 'invalid' },
    ]);
  }
  await keepPaymentMethod(deps.db, subscriptionId, provider.id, saved.method);
  await changeSubscription(deps.db, subscriptionId, {
    event: 'payment_method_updated',
    actor: 'customer',
    detail: { brand: saved.card.brand, last4: saved.card.last4 },
  });
  if (sub.status !== 'past_due') return { last4: saved.card.last4, renewed: false };
  // Due now: the overdue renewal is tried with the new card at once.
  await dueNow(deps.db, subscriptionId, deps.clock.now());
  return { last4: saved.card.last4, renewed: await renewNow(deps, subscriptionId) };
}
