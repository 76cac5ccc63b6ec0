/** Order status and the only moves it may make (spec §3 statuses; the moves are our design). */
import { z } from 'zod';
import { text } from './text';
import { PERIOD_UNITS } from './catalog-terms';
import { cardTokenSchema } from './card-fields';
import { isPaymentReturnPath } from './payment-return';
import { ORDER_STATUSES, type OrderStatus } from './order-statuses';

/**
 * new → pending (asynchronous methods), paid, canceled (shopper left the provider), error
 * (declined); pending → paid, canceled, error. The provider's word that it took the money wins
 * over the browser's: a canceled or failed order it reports captured becomes paid, or, when
 * another order paid its cart meanwhile (a cart is paid once), refund_due and then refunded once
 * the provider confirms the refund. A paid order moves on only when its customer asks for a
 * refund within the money-back window (issue 20: paid → refund_due → refunded, event source
 * `customer`); a provider's word never moves a paid order (payments/outcome.ts). Refunded is final.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['pending', 'paid', 'canceled', 'error', 'refund_due'],
  pending: ['paid', 'canceled', 'error', 'refund_due'],
  paid: ['refund_due'],
  canceled: ['paid', 'refund_due'],
  error: ['paid', 'refund_due'],
  refund_due: ['refunded'],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export function isFinal(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

/** Still waiting for the provider's first answer: the shopper's journey has not ended. */
export function isWaiting(status: OrderStatus): boolean {
  return status === 'new' || status === 'pending';
}

/** A flat record of the provider's own fields (strings, numbers, booleans), bounded. */
const providerFields = z
  .record(text().max(64), z.union([z.string().max(20_000), z.number(), z.boolean()]))
  .refine((fields) => Object.keys(fields).length <= 40, 'too many fields');

export const componentDataSchema = z.strictObject({
  paymentMethod: providerFields.refine((m) => typeof m.type === 'string', 'names no type'),
  /** The shopper's browser as 3-D Secure 2 reads it. */
  browserInfo: providerFields.optional(),
});
export type ComponentData = z.infer<typeof componentDataSchema>;

/**
 * Back from the provider's redirect, 3-D Secure step or wait: what it handed the checkout
 * (redirectResult on the return address, threeDSResult from the challenge, the payload Adyen's
 * status check gives adyen-web once a Pix or BLIK payment is confirmed) for the order.
 */
export const paymentDetailsRequestSchema = z.strictObject({
  orderId: z.uuid(),
  details: z.union([
    z.strictObject({ redirectResult: text().min(1).max(20_000) }),
    z.strictObject({ threeDSResult: text().min(1).max(20_000) }),
    z.strictObject({ payload: text().min(1).max(20_000) }),
  ]),
});
export type PaymentDetailsRequest = z.infer<typeof paymentDetailsRequestSchema>;

export const paymentRequestSchema = z.strictObject({
  cartId: z.uuid(),
  provider: text().min(1).max(64),
  /**
   * Where the shopper lands after the provider: the processing page in their language (or the
   * dialog's return page) with the product's parameters, on the checkout's own origin.
   */
  returnPath: text().refine(
    isPaymentReturnPath,
    'a return path is a processing page of the checkout, with the product parameters only',
  ),
  /** Card providers: the token the gateway's card fields handed the checkout. */
  cardToken: cardTokenSchema.optional(),
  /**
   * Providers paid through their own browser components (Adyen): the component's state data,
   * card numbers only ever in the provider's encrypted fields.
   */
  componentData: componentDataSchema.optional(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

/** The shopper left the provider's dialog before it answered: the order is canceled. */
export const paymentCancelRequestSchema = z.strictObject({ orderId: z.uuid() });

/** Sent by the client once per payment attempt; repeats with the same key replay the answer. */
export const idempotencyKeySchema = text().regex(
  /^[\w-]{8,128}$/,
  'an idempotency key is 8-128 letters, digits, - or _',
);

export const paymentActionSchema = z.discriminatedUnion('type', [
  /** The provider answered: paid or pending; /processing/ shows which. */
  z.object({ type: z.literal('done'), orderId: text() }),
  /** The provider refused at once (declined) or failed; the cart is payable again. */
  z.object({
    type: z.literal('error'),
    orderId: text(),
    reason: z.enum(['declined', 'failed']),
  }),
  z.object({ type: z.literal('redirect'), orderId: text(), url: text() }),
  /**
   * The provider's own step runs in a dialog over the checkout (a wallet's payment sheet, a
   * BLIK code, a Pix QR code); it returns through /api/processing/iframe/.
   */
  z.object({
    type: z.literal('frontend_action'),
    orderId: text(),
    url: text(),
    /** The provider's own next step for its browser component (Adyen's `action`). */
    providerAction: z.record(z.string(), z.unknown()).optional(),
  }),
  /**
   * Bank link: the provider's widget runs in a dialog and hands the checkout a public token,
   * which the checkout exchanges through POST /api/payments/exchange/ (see bank-link.ts).
   */
  z.object({ type: z.literal('token_exchange'), orderId: text(), url: text() }),
  /** The browser must POST `fields` to `url` (through the web app's /api/processing/pre/). */
  z.object({
    type: z.literal('redirect_post'),
    orderId: text(),
    url: text(),
    fields: z.record(text(), text()),
  }),
]);
export type PaymentAction = z.infer<typeof paymentActionSchema>;

/**
 * Status and product go to anyone holding the order id (a desktop app's deep link); the cart,
 * e-mail and totals are null unless the caller is the browser or account the cart belongs to.
 */
export const orderViewSchema = z.object({
  id: text(),
  status: z.enum(ORDER_STATUSES),
  /** The product of the main plan: which desktop app the success page opens. */
  productGroup: text().nullable(),
  cartId: text().nullable(),
  email: text().nullable(),
  currency: text().nullable(),
  totalMinor: z.number().int().nullable(),
  taxMinor: z.number().int().nullable(),
  /** Whether the order upgraded a subscription (the success page's title); its owner's only. */
  upgrade: z.boolean().nullable(),
  /**
   * What the order subscribed to, each line's plan and when and at what it first renews (the
   * success page's summary); its owner's only, null for anyone else.
   */
  subscriptions: z
    .array(
      z.object({
        productGroup: text().nullable(),
        tier: text(),
        period: z.object({ interval: z.number().int(), unit: z.enum(PERIOD_UNITS) }),
        renewsAt: text(),
        renewalMinor: z.number().int(),
      }),
    )
    .nullable(),
});
export type OrderView = z.infer<typeof orderViewSchema>;
