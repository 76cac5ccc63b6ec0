/** The cart boundary (api ↔ web): what a shopper can change and what the api answers. */
import { z } from 'zod';
import { text } from './text';
import { couponCodeSchema } from './catalog';
import { PERIOD_UNITS } from './catalog-terms';
import { COUNTRIES } from './countries';
import { CURRENCIES } from './currencies';
import { regionFitsCountry } from './regions';
import { EMAIL_MAX_LENGTH } from './email';
import { TAX_NAMES } from './taxes';
import { LOCALE_CODES } from './locales';

const planIdentifier = text().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);
/** Carts, orders and payments are addressed by UUIDs; anything else names no record. */
export const recordIdSchema = z.uuid();

export function isRecordId(value: unknown): value is string {
  return recordIdSchema.safeParse(value).success;
}

const country = text()
  .regex(/^[A-Za-z]{2}$/, 'a country is an ISO 3166-1 alpha-2 code')
  .transform((c) => c.toUpperCase())
  // An unknown code (ZZ) would be quoted no tax at all.
  .refine((c) => COUNTRIES.includes(c), 'not a country the checkout sells to');

export const cartInputSchema = z.strictObject({
  mainPlan: planIdentifier,
  crossSellPlan: planIdentifier.nullish(),
  coupon: couponCodeSchema.nullish(),
  email: text().max(EMAIL_MAX_LENGTH).nullish(),
  currency: z.enum(CURRENCIES),
  country,
  region: text()
    .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/)
    .nullish(),
  postalCode: text().trim().max(16).nullish(),
  /** The checkout's language (URL code): the receipt and invoice are written in it. */
  locale: text()
    .refine((code) => LOCALE_CODES.includes(code), 'a locale is one of the checkout languages')
    .nullish(),
  /**
   * Upgrade mode (issue 20, `plan_upgraded`): the logged-in account's subscription this cart
   * replaces. Set when the cart is made, never changed; such a cart has no cross-sell or coupon.
   */
  upgradeFrom: recordIdSchema.nullish(),
});
export type CartInput = z.input<typeof cartInputSchema>;

export const cartPatchSchema = cartInputSchema.omit({ upgradeFrom: true }).partial();
export type CartPatch = z.input<typeof cartPatchSchema>;

export const CART_STATUSES = ['open', 'payment_started', 'completed'] as const;

const line = z.object({
  kind: z.enum(['main', 'cross_sell']),
  plan: text(),
  tier: text(),
  period: z.object({
    identifier: text(),
    interval: z.number().int(),
    unit: z.enum(PERIOD_UNITS),
  }),
  amountMinor: z.number().int(),
  beforeDiscountMinor: z.number().int(),
  /**
   * What the cart's coupon took off the plan's sale price (in amountMinor already): the summary
   * shows it apart from the sale's discount. Absent without a coupon, and in older snapshots.
   */
  couponMinor: z.number().int().nonnegative().optional(),
});

export const cartViewSchema = z.object({
  id: text(),
  status: z.enum(CART_STATUSES),
  currency: z.enum(CURRENCIES),
  country: text(),
  region: text().nullable(),
  postalCode: text().nullable(),
  email: text().nullable(),
  coupon: text().nullable(),
  /** Present once the checkout sent its language; orders keep it in their snapshot. */
  locale: text().optional(),
  lines: z.array(line),
  /** An upgrade cart: the subscription it replaces and the credit for its unused time. */
  upgrade: z
    .object({
      subscriptionId: text(),
      fromPlan: text(),
      creditMinor: z.number().int(),
    })
    .optional(),
  /** Sum of the regular (before-discount) prices. */
  regularMinor: z.number().int(),
  discountMinor: z.number().int(),
  /** What the plans cost after discounts (and an upgrade's credit), before any added tax. */
  subtotalMinor: z.number().int(),
  tax: z.object({
    inclusive: z.boolean(),
    lines: z.array(
      z.object({
        name: z.enum(TAX_NAMES),
        ratePpm: z.number().int(),
        amountMinor: z.number().int(),
      }),
    ),
    taxMinor: z.number().int(),
    totalMinor: z.number().int(),
    effectiveDate: text(),
  }),
  totalMinor: z.number().int(),
});
export type CartView = z.infer<typeof cartViewSchema>;

export const taxQuerySchema = z
  .object({
    country,
    region: text()
      .regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/)
      .optional(),
    currency: z.enum(CURRENCIES),
    amount: z.coerce.number().int().nonnegative().max(1_000_000_000_000),
  })
  .refine((q) => regionFitsCountry(q.country, q.region), {
    path: ['region'],
    message: 'not a region of the country',
  });
