/** Reads the whole catalog in one pass; it is small and read on every pricing request. */
import { max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import * as t from './tables';

export type PlanRow = typeof t.plans.$inferSelect;
export type PackageRow = typeof t.packages.$inferSelect;
export type CouponRow = typeof t.coupons.$inferSelect;
export type ServiceRow = typeof t.services.$inferSelect;
export type PeriodRow = typeof t.periods.$inferSelect;

export type PriceChangeRow = typeof t.pricePointChanges.$inferSelect;

export interface CatalogRows {
  /** The newest published catalog version (1: the shipped catalog). */
  version: number;
  merchants: (typeof t.merchants.$inferSelect)[];
  products: (typeof t.products.$inferSelect)[];
  periods: PeriodRow[];
  services: ServiceRow[];
  servicePrices: (typeof t.servicePrices.$inferSelect)[];
  plans: PlanRow[];
  planServices: (typeof t.planServices.$inferSelect)[];
  pricePoints: (typeof t.pricePoints.$inferSelect)[];
  packages: PackageRow[];
  packagePlans: (typeof t.packagePlans.$inferSelect)[];
  coupons: CouponRow[];
  couponPricePoints: (typeof t.couponPricePoints.$inferSelect)[];
  priceChanges: PriceChangeRow[];
}

export async function readCatalogRows(db: Pick<Database, 'select'>): Promise<CatalogRows> {
  const [
    [latest],
    merchants,
    products,
    periods,
    services,
    servicePrices,
    plans,
    planServices,
    pricePoints,
    packages,
    packagePlans,
    coupons,
    couponPricePoints,
    priceChanges,
  ] = await Promise.all([
    db.select({ version: max(t.catalogVersions.version) }).from(t.catalogVersions),
    db.select().from(t.merchants),
    db.select().from(t.products),
    db.select().from(t.periods),
    db.select().from(t.services),
    db.select().from(t.servicePrices),
    db.select().from(t.plans),
    db.select().from(t.planServices),
    db.select().from(t.pricePoints),
    db.select().from(t.packages),
    db.select().from(t.packagePlans),
    db.select().from(t.coupons),
    db.select().from(t.couponPricePoints),
    db.select().from(t.pricePointChanges),
  ]);
  return {
    version: latest?.version ?? 1,
    merchants,
    products,
    periods,
    services,
    servicePrices,
    plans,
    planServices,
    pricePoints,
    packages,
    packagePlans,
    coupons,
    couponPricePoints,
    priceChanges,
  };
}
