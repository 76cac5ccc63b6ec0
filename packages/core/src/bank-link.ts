/**
 * Bank link, the token-exchange payment type: the provider's widget, framed by the checkout,
 * links the shopper's bank account and hands the checkout a short-lived public token. The
 * checkout sends it to POST /api/payments/exchange/; the server exchanges it with the provider
 * and charges the account. A public token alone charges nothing, and only for its own payment.
 */
import { z } from 'zod';

/** Opaque to the checkout; each provider has its own format. */
export const publicTokenSchema = z
  .string()
  .min(8)
  .max(512)
  .regex(/^[\w.-]+$/, 'not a public token');

export const tokenExchangeRequestSchema = z.strictObject({
  orderId: z.uuid(),
  publicToken: publicTokenSchema,
});
export type TokenExchangeRequest = z.infer<typeof tokenExchangeRequestSchema>;

/** What the widget posts to the checkout window: an account linked, or the shopper left. */
export const bankLinkMessageSchema = z.discriminatedUnion('type', [
  z.object({
    source: z.literal('bank-link'),
    type: z.literal('linked'),
    publicToken: publicTokenSchema,
  }),
  z.object({ source: z.literal('bank-link'), type: z.literal('exit') }),
]);
export type BankLinkMessage = z.infer<typeof bankLinkMessageSchema>;
