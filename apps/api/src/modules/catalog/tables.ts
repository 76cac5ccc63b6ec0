/** Catalog tables: products, merchants, services, periods, plans, price points, packages, coupons. */
import type { PlanView } from '@checkout/core/contract';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

export const merchants = pgTable('merchants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  /** Days after payment in which the customer may ask for a refund (the money-back window). */
  refundWindowDays: integer('refund_window_days').notNull().default(30),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const periods = pgTable('periods', {
  identifier: text('identifier').primaryKey(),
  interval: integer('interval').notNull(),
  unit: text('unit', { enum: ['Day', 'Week', 'Month', 'Year'] }).notNull(),
});

export const services = pgTable('services', {
  identifier: text('identifier').primaryKey(),
  title: text('title').notNull(),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  optional: boolean('optional').notNull().default(false),
  attributes: jsonb('attributes').$type<{ name: string; value: string }[]>().notNull(),
});

export const servicePrices = pgTable(
  'service_prices',
  {
    serviceId: text('service_id')
      .notNull()
      .references(() => services.identifier),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.currency] })],
);

export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  displayTitle: text('display_title').notNull(),
  productId: text('product_id')
    .notNull()
    .references(() => products.id),
  merchantId: text('merchant_id')
    .notNull()
    .references(() => merchants.id),
  remoteId: text('remote_id').notNull(),
  periodId: text('period_id')
    .notNull()
    .references(() => periods.identifier),
  extraPeriodId: text('extra_period_id').references(() => periods.identifier),
  tier: text('tier').$type<PlanView['tier']>().notNull(),
  type: text('type', { enum: ['individual', 'family'] }).notNull(),
  groupType: text('group_type', { enum: ['Family', 'Individual'] }).notNull(),
  subgroup: text('subgroup', { enum: ['individual', 'family'] }),
  storageQuotaBytes: bigint('storage_quota_bytes', { mode: 'number' }),
  bundleType: text('bundle_type', { enum: ['bundle'] }),
  /** Identifier of the plan a subscription renews into (itself for monthly plans). */
  nextChargePlan: text('next_charge_plan').notNull(),
  listed: boolean('listed').notNull().default(true),
  /** Retired in the console: no longer offered in any package; subscriptions keep it. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const planServices = pgTable(
  'plan_services',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    serviceId: text('service_id')
      .notNull()
      .references(() => services.identifier),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.serviceId] })],
);

export const pricePoints = pgTable(
  'price_points',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    beforeDiscountMinor: bigint('before_discount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.currency] })],
);

export const packages = pgTable('packages', {
  identifier: text('identifier').primaryKey(),
  productId: text('product_id')
    .notNull()
    .references(() => products.id),
  defaultCoupon: text('default_coupon'),
  crossSellPackageId: text('cross_sell_package_id'),
  crossSellOnly: boolean('cross_sell_only').notNull().default(false),
});

export const packagePlans = pgTable(
  'package_plans',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.identifier),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.planId] })],
);

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  isLegacy: boolean('is_legacy').notNull(),
  percentOff: integer('percent_off').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  oncePerEmail: boolean('once_per_email').notNull(),
  /** Paid orders it may discount in all (distinct addresses); null: no limit. */
  maxRedemptions: integer('max_redemptions'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const couponPricePoints = pgTable(
  'coupon_price_points',
  {
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.planId, t.currency] })],
);

/** Key/value facts about the loaded catalog, such as the seed version. */
export const catalogMeta = pgTable('catalog_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Version 1 is the shipped catalog; a draft gets the next number when published (0032). */
export const catalogVersions = pgTable('catalog_versions', {
  id: serial('id').primaryKey(),
  version: integer('version').unique(),
  status: text('status', { enum: ['draft', 'published'] }).notNull(),
  note: text('note').notNull().default(''),
  changes: jsonb('changes').$type<unknown[]>().notNull(),
  previewToken: text('preview_token').unique(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  publishedBy: text('published_by'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
});

/** Published prices over the shipped ones, each from its own date (the latest started wins). */
export const pricePointChanges = pgTable(
  'price_point_changes',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    beforeDiscountMinor: bigint('before_discount_minor', { mode: 'number' }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    version: integer('version').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'price_point_changes_pk',
      columns: [t.planId, t.currency, t.effectiveFrom, t.version],
    }),
  ],
);
