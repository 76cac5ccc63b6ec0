/**
 * The console's catalog and coupons (issue 33): drafts of price and plan changes that an admin
 * publishes as a new catalog version, and coupons that marketing creates, limits and schedules.
 * Prices are typed as decimal strings in the currency's own precision ("24.99", "3750" for JPY)
 * and turned into integer minor units here, so a wrong precision is a 400, never a rounding.
 */
import { z } from 'zod';
import { CURRENCIES, decimalPlaces, type Currency } from '../currencies';
import { text } from '../text';

const currencySchema = z.enum(CURRENCIES);
const identifier = () => text().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'lower-case letters, digits, -');
const instant = () => z.iso.datetime({ offset: true });

/** "24.99" in EUR → 2499; undefined when the amount has more decimals than the currency. */
export function parseMinorUnits(amount: string, currency: Currency): number | undefined {
  const places = decimalPlaces(currency);
  const match = /^(\d{1,10})(?:\.(\d+))?$/.exec(amount);
  if (!match?.[1] || (match[2] ?? '').length > places) return undefined;
  return Number(match[1]) * 10 ** places + Number((match[2] ?? '').padEnd(places, '0') || 0);
}

function precisionMessage(currency: Currency): string {
  const places = decimalPlaces(currency);
  return `${currency} amounts have ${places === 0 ? 'no decimals' : `at most ${places} decimals`}`;
}

const priceChange = z
  .strictObject({
    kind: z.literal('price'),
    plan: identifier(),
    currency: currencySchema,
    amount: text().max(20),
    /** The crossed-out price; unset keeps the plan's (or the new amount when that is higher). */
    beforeDiscount: text().max(20).optional(),
    /** From when shoppers pay it; until then the plan keeps its price. */
    effectiveFrom: instant(),
  })
  .superRefine((change, ctx) => {
    for (const field of ['amount', 'beforeDiscount'] as const) {
      const value = change[field];
      if (value !== undefined && parseMinorUnits(value, change.currency) === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: precisionMessage(change.currency) });
      }
    }
  });

const addPlan = z.strictObject({
  kind: z.literal('add_plan'),
  identifier: identifier(),
  displayTitle: text().trim().min(1).max(80),
  /** The plan it copies (product, period, services, packages and, unless given, prices). */
  template: identifier(),
});

const retirePlan = z.strictObject({ kind: z.literal('retire_plan'), plan: identifier() });

export const catalogChangeSchema = z.discriminatedUnion('kind', [priceChange, addPlan, retirePlan]);
export type CatalogChange = z.infer<typeof catalogChangeSchema>;

/** POST /api/console/catalog/drafts/ */
export const catalogDraftSchema = z.strictObject({
  note: text().trim().max(200).default(''),
  changes: z.array(catalogChangeSchema).min(1).max(100),
});

/** A draft or version named in a console path. */
export const catalogDraftParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/console/catalog/preview/?token=…: the draft as getPackagePlans would answer it. */
export const catalogPreviewQuerySchema = z.object({
  token: text().min(20).max(100),
  packageId: text().min(1).max(64),
  currency: currencySchema,
});

const couponWindow = <T extends { validFrom?: string; validUntil?: string }>(c: T) =>
  !c.validFrom || !c.validUntil || Date.parse(c.validFrom) < Date.parse(c.validUntil);
const windowIssue = { message: 'validUntil must be after validFrom', path: ['validUntil'] };

/** POST /api/console/coupons/: a percentage off the listed plans' prices in every currency. */
export const couponCreateSchema = z
  .strictObject({
    code: text().regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, 'capital letters, digits, _ or -'),
    percentOff: z.number().int().min(1).max(90),
    plans: z.array(identifier()).min(1).max(100),
    validFrom: instant(),
    validUntil: instant(),
    /** Paid orders it may discount in all; unset: no limit. */
    maxRedemptions: z.number().int().positive().max(10_000_000).nullable().default(null),
    oncePerEmail: z.boolean().default(false),
  })
  .refine(couponWindow, windowIssue);
export type CouponCreate = z.infer<typeof couponCreateSchema>;

/** POST /api/console/coupons/:code/: limit, reschedule, disable or enable again. */
export const couponUpdateSchema = z
  .strictObject({
    validFrom: instant().optional(),
    validUntil: instant().optional(),
    maxRedemptions: z.number().int().positive().max(10_000_000).nullable().optional(),
    disabled: z.boolean().optional(),
  })
  .refine(couponWindow, windowIssue);
export type CouponUpdate = z.infer<typeof couponUpdateSchema>;

export const couponParamsSchema = z.object({ code: text().min(1).max(32) });

export const consoleCouponRowSchema = z.object({
  code: text(),
  percentOff: z.number().int(),
  validFrom: instant(),
  validUntil: instant(),
  maxRedemptions: z.number().int().nullable(),
  disabled: z.boolean(),
  oncePerEmail: z.boolean(),
  /** Paid orders that used it. */
  redemptions: z.number().int(),
});
export type ConsoleCouponRow = z.infer<typeof consoleCouponRowSchema>;

export const consolePlanRowSchema = z.object({
  identifier: text(),
  displayTitle: text(),
  retired: z.boolean(),
  /** currency → minor units shoppers pay now */
  prices: z.record(z.string(), z.number().int()),
});
export type ConsolePlanRow = z.infer<typeof consolePlanRowSchema>;

/** A draft or a published version; the answer of creating and of publishing a draft. */
export const consoleCatalogVersionSchema = z.object({
  id: z.number().int(),
  /** The published version number; null while a draft. */
  version: z.number().int().nullable(),
  status: z.enum(['draft', 'published']),
  note: text(),
  changes: z.array(z.unknown()),
  createdBy: text().nullable(),
  createdAt: instant(),
  publishedBy: text().nullable(),
  publishedAt: instant().nullable(),
  /** Opens the checkout with the draft (`?catalog_preview=`); drafts only. */
  previewToken: text().nullable(),
});
export type ConsoleCatalogVersion = z.infer<typeof consoleCatalogVersionSchema>;

/** GET /api/console/catalog/ */
export const consoleCatalogSchema = z.object({
  version: z.number().int(),
  plans: z.array(consolePlanRowSchema),
  versions: z.array(consoleCatalogVersionSchema),
  coupons: z.array(consoleCouponRowSchema),
});
export type ConsoleCatalog = z.infer<typeof consoleCatalogSchema>;
