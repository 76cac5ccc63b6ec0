/**
 * What pays a provider, checked before an order is placed: a card-fields provider takes the
 * token its fields handed over, a provider with its own browser components (Adyen) takes their
 * data, and neither takes the other's. A provider that lists its own methods (Adyen's
 * /paymentMethods) is offered only where it lists them.
 */
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import {
  PROVIDER_LABELS,
  takesCardFields,
  type Currency,
  type PaymentRequest,
  type ProviderSpec,
} from '@checkout/core';
import type { ProviderConfiguration } from '@checkout/core/contract';
import type { PaymentAdapter } from './providers/adapter';

const invalid = (message: string, path: string, issue: string) =>
  new AppError(ERROR_CODES.validation, message, [{ path, message: issue }]);

export function checkPaymentData(
  adapter: PaymentAdapter,
  provider: ProviderSpec,
  request: Pick<PaymentRequest, 'cardToken' | 'componentData'>,
): void {
  if (adapter.checkPaymentData) {
    if (request.cardToken !== undefined)
      throw invalid('A card token is only for card payments.', 'cardToken', 'invalid');
    adapter.checkPaymentData(provider, request.componentData);
    return;
  }
  if (request.componentData !== undefined)
    throw invalid('This provider takes no component data.', 'componentData', 'invalid');
  const needsToken = takesCardFields(provider);
  if (needsToken !== (request.cardToken !== undefined)) {
    throw invalid(
      needsToken ? 'Enter the card details first.' : 'A card token is only for card payments.',
      'cardToken',
      needsToken ? 'cannot-be-empty' : 'invalid',
    );
  }
}

interface Order {
  country: string;
  currency: Currency;
  amountMinor: number;
}

type Listing = ReadonlyMap<string, ProviderConfiguration | undefined>;

/** What the provider lists for the order; nothing while it cannot be asked (an outage). */
async function listed(adapter: PaymentAdapter, order: Order): Promise<Listing> {
  return adapter.offers ? adapter.offers(order).catch(() => new Map()) : new Map();
}

/** A provider on offer, with what its browser component starts with, when it needs anything. */
export interface OfferedProvider extends ProviderSpec {
  configuration?: ProviderConfiguration;
}

/**
 * The providers of the catalogue that a configured adapter serves and offers for the order, each
 * brand once: where two providers take the same brand (Pix through Adyen and through EBANX, in
 * Brazil), the shopper could not tell the two options apart, and the first in the catalogue's
 * order is offered. Cards have no brand of their own here: the checkout shows them as one entry.
 */
export async function offeredProviders(
  adapterFor: (provider: ProviderSpec) => PaymentAdapter | undefined,
  providers: readonly ProviderSpec[],
  order: Order,
): Promise<OfferedProvider[]> {
  const lists = new Map<PaymentAdapter, Promise<Listing>>();
  const offered: OfferedProvider[] = [];
  const brands = new Set<string>();
  for (const provider of providers) {
    const brand = PROVIDER_LABELS[provider.id];
    if (brand !== undefined && brands.has(brand)) continue;
    const adapter = adapterFor(provider);
    if (!adapter) continue;
    if (adapter.offers) {
      const list = lists.get(adapter) ?? listed(adapter, order);
      lists.set(adapter, list);
      const listing = await list;
      if (!listing.has(provider.id)) continue;
      const configuration = listing.get(provider.id);
      offered.push(configuration ? { ...provider, configuration } : provider);
    } else offered.push(provider);
    if (brand !== undefined) brands.add(brand);
  }
  return offered;
}

export async function requireOffered(
  adapter: PaymentAdapter,
  provider: ProviderSpec,
  cart: { country: string; currency: Currency; totalMinor: number },
): Promise<void> {
  if (!adapter.offers) return;
  const order = { country: cart.country, currency: cart.currency, amountMinor: cart.totalMinor };
  // Asked here, an outage is the provider's 503 with its retry message, not "not offered".
  if (!(await adapter.offers(order)).has(provider.id))
    throw invalid(`${provider.id} is not offered for this order.`, 'provider', 'not offered');
}
