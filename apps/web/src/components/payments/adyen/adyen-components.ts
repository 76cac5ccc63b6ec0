/**
 * The spec's Adyen variants that are paid through one of adyen-web's components, and which:
 * card forms (secured fields; Cartes Bancaires and Dankort as brands of the card, Korean cards
 * with the card password), the wallets with their own buttons, BLIK's code, Pix's QR code, Vipps.
 * The other
 * Adyen variants are redirects the api starts without component data (apps/api's
 * adyen-checkout/methods.ts is the server's side of this list). Kept small: the payment methods
 * list reads it before anything of Adyen's is loaded.
 */
import type { ProviderOption } from '@checkout/core/contract';
import type { MethodGroupOption } from '../shown-methods';
export interface AdyenComponent {
  /** Adyen's payment method type, as its component reports it. */
  type: 'scheme' | 'bcmc' | 'blik' | 'pix' | 'applepay' | 'googlepay' | 'vipps';
  /** Card brands the form accepts, for the brand variants. */
  brands?: string[];
  /** Korean-issued cards: the card password and birth date or company number (KCP). */
  korean?: boolean;
}

const ADYEN_COMPONENTS: Readonly<Record<string, AdyenComponent>> = {
  adyen_card: { type: 'scheme' },
  adyen_cartes_bancaires: { type: 'scheme', brands: ['cartebancaire', 'visa', 'mc'] },
  adyen_dankort: { type: 'scheme', brands: ['dankort', 'visa', 'mc'] },
  adyen_kcp: { type: 'scheme', korean: true },
  adyen_bancontact: { type: 'bcmc' },
  adyen_blik: { type: 'blik' },
  adyen_pix: { type: 'pix' },
  adyen_applepay: { type: 'applepay' },
  adyen_googlepay: { type: 'googlepay' },
  adyen_vipps: { type: 'vipps' },
};

/** The component a provider is paid through; undefined for redirects and other providers. */
export function adyenComponentOf(providerId: string): AdyenComponent | undefined {
  return Object.hasOwn(ADYEN_COMPONENTS, providerId) ? ADYEN_COMPONENTS[providerId] : undefined;
}

/**
 * Adyen's Apple Pay and Google Pay come in the one-click list (their flow); they are paid in
 * the payment methods list, through Adyen's components started with their configuration.
 */
export function withAdyenWallets(
  groups: readonly MethodGroupOption[],
  oneClick: readonly ProviderOption[],
): MethodGroupOption[] {
  const wallets = oneClick.filter((p) => adyenComponentOf(p.id));
  if (wallets.length === 0) return [...groups];
  if (!groups.some((g) => g.method === 'wallet'))
    return [...groups, { method: 'wallet', providers: wallets }];
  return groups.map((g) =>
    g.method === 'wallet' ? { ...g, providers: [...g.providers, ...wallets] } : g,
  );
}
