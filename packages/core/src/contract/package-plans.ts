/** The getPackagePlans boundary (spec §3, §7): its variables and its answer, shared by api and web. */
import { z } from 'zod';
import { text } from '../text';
import { CURRENCIES } from '../currencies';
import { couponCodeSchema } from '../catalog';
import {
  BUNDLE_TYPES,
  GROUP_TYPES,
  PERIOD_UNITS,
  PLAN_TIERS,
  PLAN_TYPES,
  SUBGROUPS,
} from '../catalog-terms';
import { STORAGE_UNITS } from '../size';

export const packagePlansVariablesSchema = z.object({
  countryCode: text()
    .regex(/^[A-Za-z]{2}$/, 'a country is an ISO 3166-1 alpha-2 code')
    .transform((c) => c.toUpperCase())
    .nullish(),
  currencyCode: z.enum(CURRENCIES, { error: 'this currency is not sold' }),
  packageId: text().min(1).max(64),
  /** Product filters bag; anything but an object means no filters. */
  filters: z.unknown().optional(),
  coupon: couponCodeSchema.nullish(),
  crossSellPackageId: text().min(1).max(64).nullish(),
  knowledgeBaseVersion: text().max(64).nullish(),
});
export type PackagePlansVariables = z.input<typeof packagePlansVariablesSchema>;

const periodView = z.object({
  identifier: text(),
  interval: z.number().int(),
  unit: z.enum(PERIOD_UNITS),
});

export const priceViewSchema = z.object({
  /** Decimal strings in major units, exact ("59.88"); atomic is the per-month price. */
  total: text(),
  atomic: text(),
  totalInMinorUnits: z.number().int(),
  atomicInMinorUnits: z.number().int(),
  currency: z.object({ code: z.enum(CURRENCIES) }),
  discount: z
    .object({
      atomicBeforeDiscount: text(),
      totalBeforeDiscount: text(),
      totalBeforeDiscountInMinorUnits: z.number().int(),
      percentageDiscount: z.number().int(),
    })
    .nullable(),
});
export type PriceView = z.infer<typeof priceViewSchema>;

const serviceView = z.object({
  identifier: text(),
  title: text(),
  merchant: text(),
  attributes: z.array(z.object({ name: text(), value: text() })),
  price: priceViewSchema.nullable(),
});

export const planViewSchema = z.object({
  id: text(),
  identifier: text(),
  displayTitle: text(),
  merchant: text(),
  remoteID: text(),
  tier: z.enum(PLAN_TIERS),
  type: z.enum(PLAN_TYPES),
  group: z.enum(GROUP_TYPES),
  subgroup: z.enum(SUBGROUPS).nullable(),
  bundleType: z.enum(BUNDLE_TYPES).nullable(),
  storageQuota: z.object({ amount: z.number(), unit: z.enum(STORAGE_UNITS) }).nullable(),
  period: periodView,
  extraPeriod: periodView.nullable(),
  services: z.array(serviceView),
  price: priceViewSchema,
  nextChargePlan: z.object({
    period: periodView,
    price: priceViewSchema,
    services: z.array(serviceView),
  }),
  coupon: z.object({ code: text(), isLegacy: z.boolean() }).nullable(),
});
export type PlanView = z.infer<typeof planViewSchema>;

export const packageViewSchema = z.object({
  identifier: text(),
  catalogVersion: text(),
  plans: z.array(planViewSchema),
  coupon: z.object({ code: text(), isLegacy: z.boolean() }).nullable(),
  crossSell: z.object({ identifier: text(), plans: z.array(planViewSchema) }).nullable(),
});
export type PackageView = z.infer<typeof packageViewSchema>;

/** The GraphQL answer to getPackagePlans. */
export const packagePlansAnswerSchema = z.object({
  data: z.object({ getPackagePlans: packageViewSchema }),
});
