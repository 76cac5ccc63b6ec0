/** Catalog enumerations (spec §3) and the zod schemas of the seed files under data/catalog. */
import { z } from 'zod';
import { text } from './text';
import { CURRENCIES } from './currencies';
import { PRODUCT_GROUPS } from './products';
import { STORAGE_UNITS } from './size';

import {
  BUNDLE_TYPES,
  GROUP_TYPES,
  PERIOD_UNITS,
  PLAN_TIERS,
  PLAN_TYPES,
  SUBGROUPS,
} from './catalog-terms';

const identifier = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/);

export const periodSchema = z.strictObject({
  identifier,
  interval: z.number().int().positive(),
  unit: z.enum(PERIOD_UNITS),
});
export type Period = z.infer<typeof periodSchema>;

export const merchantSeedSchema = z.strictObject({ id: identifier, name: z.string().min(1) });
/** Days after payment in which a customer may ask for a refund, unless a product says otherwise. */
export const DEFAULT_REFUND_WINDOW_DAYS = 30;
export const productSeedSchema = z.strictObject({
  id: z.enum(PRODUCT_GROUPS),
  merchant: identifier,
  /** The product's money-back window in days (issue 20); DEFAULT_REFUND_WINDOW_DAYS when absent. */
  refundWindowDays: z.number().int().min(0).max(365).optional(),
});
export const serviceSeedSchema = z.strictObject({
  identifier,
  title: z.string().min(1),
  merchant: identifier,
  attributes: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  optional: z.boolean().optional(),
  priceUsd: z.number().positive().optional(),
});

/**
 * A plan's own price. What a discount is measured against is not set here: it is what renewing
 * charges over the plan's span (scripts/generate-price-points.ts), a price shoppers really pay.
 */
const planPriceSpec = z.union([
  z.strictObject({ monthlyUsd: z.number().positive() }),
  z.strictObject({ totalUsd: z.number().positive() }),
]);

export const planSeedSchema = z.strictObject({
  identifier,
  displayTitle: z.string().min(1),
  remoteID: z.string().min(1),
  period: identifier,
  extraPeriod: identifier.optional(),
  services: z.array(identifier).min(1),
  tier: z.enum(PLAN_TIERS),
  type: z.enum(PLAN_TYPES),
  group: z.enum(GROUP_TYPES),
  subgroup: z.enum(SUBGROUPS).optional(),
  storageQuota: z
    .strictObject({ amount: z.number().positive(), unit: z.enum(STORAGE_UNITS) })
    .optional(),
  bundleType: z.enum(BUNDLE_TYPES).optional(),
  price: planPriceSpec,
  /** The plan the subscription renews into, or "self". */
  nextCharge: identifier,
  listed: z.boolean().optional(),
});
export type PlanSeed = z.infer<typeof planSeedSchema>;

export const packageSeedSchema = z.strictObject({
  identifier,
  product: z.enum(PRODUCT_GROUPS),
  plans: z.array(identifier).min(1),
  crossSell: identifier.optional(),
  crossSellOnly: z.boolean().optional(),
  defaultCoupon: z.string().optional(),
});

export const couponCodeSchema = text()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'a coupon code is letters, digits, - and _')
  .transform((code) => code.toUpperCase());

export const couponSeedSchema = z.strictObject({
  code: couponCodeSchema,
  isLegacy: z.boolean(),
  percentOff: z.number().int().min(1).max(100),
  validFrom: z.iso.datetime(),
  validUntil: z.iso.datetime(),
  oncePerEmail: z.boolean(),
  plans: z.array(identifier).min(1),
});

/** Price points per plan and currency: [amount, amount before discount] in minor units. */
const minor = z.number().int().nonnegative();
const currencyMap = <T extends z.ZodType>(value: T) =>
  z.record(z.enum(CURRENCIES), value).refine((m) => CURRENCIES.every((c) => c in m), {
    message: 'every currency needs a price point',
  });

export const pricePointsSeedSchema = z.strictObject({
  plans: z.record(identifier, currencyMap(z.tuple([minor, minor]))),
  services: z.record(identifier, currencyMap(minor)),
  coupons: z.record(z.string(), z.record(identifier, currencyMap(minor))),
});
export type PricePointsSeed = z.infer<typeof pricePointsSeedSchema>;
