/** A provider's family (its status vocabulary): by its declared family, never by the shape of its id. */
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

const FAMILIES: Readonly<Record<ProviderFamily, FamilyStatuses>> = {
  adyen,
  stripe,
  paypal,
  payssion,
  checkout_com: checkoutCom,
  amazon_pay: amazonPay,
  crypto,
  hosted,
};

export function familyFor(provider: ProviderSpec): FamilyStatuses {
  return FAMILIES[provider.family];
}
