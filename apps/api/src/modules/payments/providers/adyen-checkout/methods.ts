/**
 * The spec's Adyen variants and Adyen's payment method types (Checkout API v71): what the
 * adapter asks /payments for, and what it looks for in /paymentMethods. Card brands that Adyen
 * lists inside its `scheme` entry (Cartes Bancaires, Dankort) are offered when that entry names
 * the brand; Korean-issued cards (KCP) are `scheme` with the card password in Adyen's
 * encrypted field. CyberPost has no type in Checkout v71: it is not offered through Adyen.
 */
import {
  isWalletType,
  WALLET_CONFIGURATION_SCHEMAS,
  type ProviderConfiguration,
} from '@checkout/core/contract';

export interface AdyenMethod {
  type: string;
  /** A card brand within `scheme` that /paymentMethods must list. */
  brand?: string;
  /** Paid with data Adyen's browser component collects (encrypted card fields, a wallet token). */
  needsComponent: boolean;
}

const component = (type: string, brand?: string): AdyenMethod => ({
  type,
  needsComponent: true,
  ...(brand ? { brand } : {}),
});
const redirect = (type: string): AdyenMethod => ({ type, needsComponent: false });

export const ADYEN_METHODS: Readonly<Record<string, AdyenMethod>> = {
  adyen_applepay: component('applepay'),
  adyen_bancontact: component('bcmc'),
  adyen_blik: component('blik'),
  adyen_cartes_bancaires: component('scheme', 'cartebancaire'),
  adyen_card: component('scheme'),
  adyen_dankort: component('scheme', 'dankort'),
  adyen_gopay: redirect('gopay_wallet'),
  adyen_googlepay: component('googlepay'),
  adyen_grabpay: redirect('grabpay_SG'),
  adyen_ideal: redirect('ideal'),
  adyen_kakaopay: redirect('kakaopay'),
  adyen_klarna: redirect('klarna'),
  adyen_kcp: component('scheme'),
  adyen_momo: redirect('momo_wallet'),
  adyen_pix: redirect('pix'),
  adyen_sofort: redirect('directEbanking'),
  adyen_twint: redirect('twint'),
  adyen_unionpay: redirect('unionpay'),
  adyen_vipps: component('vipps'),
};

/** Adyen's method of a spec variant; undefined for one Adyen does not serve (CyberPost). */
export function adyenMethodOf(providerId: string): AdyenMethod | undefined {
  return Object.hasOwn(ADYEN_METHODS, providerId) ? ADYEN_METHODS[providerId] : undefined;
}

/**
 * The variants /paymentMethods offers, from its list of methods (type, and brands of cards),
 * with the configuration a wallet's component starts with. A wallet listed without a usable
 * configuration (Apple Pay with no merchant id) cannot start: it is not offered.
 */
export function offeredVariants(
  listed: readonly { type?: string; brands?: string[]; configuration?: Record<string, string> }[],
): Map<string, ProviderConfiguration | undefined> {
  const offered = new Map<string, ProviderConfiguration | undefined>();
  for (const [id, method] of Object.entries(ADYEN_METHODS)) {
    const entry = listed.find((m) => m.type === method.type);
    if (!entry || (method.brand && !entry.brands?.includes(method.brand))) continue;
    if (!isWalletType(method.type)) {
      offered.set(id, undefined);
      continue;
    }
    const wallet = WALLET_CONFIGURATION_SCHEMAS[method.type].safeParse(entry.configuration);
    if (wallet.success) offered.set(id, wallet.data);
  }
  return offered;
}
