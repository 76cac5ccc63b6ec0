/**
 * The status vocabularies of the provider families a gateway may serve, by a provider's declared
 * family, never by the shape of its id. A provider whose adapter file holds its own words (the
 * manual transfer) has none here.
 */
import type { ProviderFamily, ProviderSpec } from '@checkout/core';
import { adyen } from './adyen';
import { amazonPay } from './amazon-pay';
import { checkoutCom } from './checkout-com';
import { crypto } from './crypto';
import type { FamilyStatuses } from './family';
import { hosted } from './hosted';
import { paypal } from './paypal';
import { payssion } from './payssion';
import { stripe } from './stripe';

const FAMILIES: Readonly<Partial<Record<ProviderFamily, FamilyStatuses>>> = {
  adyen,
  stripe,
  paypal,
  payssion,
  checkout_com: checkoutCom,
  amazon_pay: amazonPay,
  crypto,
  hosted,
};

export function familyFor(provider: ProviderSpec): FamilyStatuses | undefined {
  return FAMILIES[provider.family];
}
