/**
 * The customer's new card for a subscription (the update-card page): the provider keeps it on
 * file in place of the first payment's (after the 3-D Secure challenge its issuer may ask for),
 * and a past_due subscription is charged with it at once.
 */
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import type { Currency, PaymentMethodRequest, PaymentMethodAnswer } from '@checkout/core';
import { cardProviderOf, ownedSubscription } from './card-on-file';
import { changeSubscription } from '../subscriptions/moves';
import { dueNow, keepPaymentMethod } from '../subscriptions/renewal-state';
import { renewNow, type RenewalDeps } from './renewals';

export async function replacePaymentMethod(
  deps: RenewalDeps,
  owner: string,
  subscriptionId: string,
  body: PaymentMethodRequest,
): Promise<PaymentMethodAnswer> {
  const sub = await ownedSubscription(deps.db, owner, subscriptionId);
  if (sub.status !== 'active' && sub.status !== 'past_due') {
    throw new AppError(ERROR_CODES.conflict, 'This subscription has ended.');
  }
  const provider = await cardProviderOf(deps.db, sub.order_id);
  const adapter = provider && deps.adapterFor(provider);
  const shopper = { shopperReference: sub.order_id, currency: sub.currency as Currency };
  const saved =
    'cardToken' in body
      ? await adapter?.saveCard?.(body.cardToken)
      : 'componentData' in body
        ? await adapter?.saveComponentCard?.(body.componentData, shopper)
        : await adapter?.finishComponentCard?.(body.details, shopper);
  if (!provider || !saved) {
    const path = Object.keys(body)[0] ?? 'componentData';
    throw new AppError(ERROR_CODES.validation, 'The card could not be saved; enter it again.', [
      { path, message: 'invalid' },
    ]);
  }
  // The issuer asks for a 3-D Secure challenge first: the provider's component runs it.
  if ('providerAction' in saved) return saved;
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
