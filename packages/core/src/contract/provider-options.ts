/**
 * The provider lists the payment page reads (`/api/payments/providers/regular/` and
 * `/one-click/`): each provider's id, how it is paid, and what its browser component needs to
 * start. Apple Pay and Google Pay through Adyen need the merchant's wallet configuration, which
 * Adyen's /paymentMethods gives per method: the adapter checks it against these schemas, and
 * adyen-web is handed it only after the browser checked it again.
 */
import { z } from 'zod';
import { text } from '../text';
import { ACTION_TYPES, METHOD_GROUPS } from '../payment-providers';

const walletField = text().min(1).max(200);

/** What each wallet needs (Apple: its merchant id and name; Google: Adyen's gateway merchant). */
export const WALLET_CONFIGURATION_SCHEMAS = {
  applepay: z.object({ merchantId: walletField, merchantName: walletField }),
  googlepay: z.object({
    gatewayMerchantId: walletField,
    merchantId: walletField.optional(),
    merchantName: walletField.optional(),
  }),
} as const;
export type WalletType = keyof typeof WALLET_CONFIGURATION_SCHEMAS;

export function isWalletType(type: string): type is WalletType {
  return Object.hasOwn(WALLET_CONFIGURATION_SCHEMAS, type);
}

/** A provider's configuration for its component: a few named strings, bounded. */
export const providerConfigurationSchema = z
  .record(text().max(64), walletField)
  .refine((fields) => Object.keys(fields).length <= 10, 'too many fields');
export type ProviderConfiguration = z.infer<typeof providerConfigurationSchema>;

/**
 * The spec's "saved versus regular" (§3 enumerations), as this product means it: `saved` is a
 * payment method the provider already keeps for a logged-in customer (the card stored at a
 * first payment, Adyen's stored payment method), charged without entering it again; `regular`
 * is a method the shopper enters now (card fields, a wallet's sheet, a redirect). The one-click
 * list is not "saved": its wallets are entered now. The payment page lists regular methods
 * only today; a customer's stored card is used for renewals and the update-card page.
 */
export const METHOD_SOURCES = ['saved', 'regular'] as const;
export type MethodSource = (typeof METHOD_SOURCES)[number];

export const providerOptionSchema = z.strictObject({
  id: text().min(1).max(64),
  action: z.enum(ACTION_TYPES),
  form: z.enum(['redirect', 'form']),
  source: z.enum(METHOD_SOURCES),
  /** Card providers paid in the checkout: the provider's card fields page. */
  cardFields: text().optional(),
  /** What the provider's browser component starts with (Adyen's wallets). */
  configuration: providerConfigurationSchema.optional(),
});
export type ProviderOption = z.infer<typeof providerOptionSchema>;

export const regularProvidersSchema = z.strictObject({
  methods: z.array(
    z.strictObject({ method: z.enum(METHOD_GROUPS), providers: z.array(providerOptionSchema) }),
  ),
});
export type RegularProviders = z.infer<typeof regularProvidersSchema>;

export const oneClickProvidersSchema = z.strictObject({
  providers: z.array(providerOptionSchema),
});
export type OneClickProviders = z.infer<typeof oneClickProvidersSchema>;
