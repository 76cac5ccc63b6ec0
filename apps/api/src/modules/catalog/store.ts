/** Reads the whole catalog in one pass; it is small and read on every pricing request. */
import type { Database } from '../../db/client';
import * as t from './tables';

export type PlanRow = typeof t.plans.$inferSelect;
export type PackageRow = typeof t.packages.$inferSelect;
export type CouponRow = typeof t.coupons.$inferSelect;
export type ServiceRow = typeof t.services.$inferSelect;
export type PeriodRow = typeof t.periods.$inferSelect;

export interface CatalogRows {
  version: string;
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
}

export async function readCatalogRows(db: Database): Promise<CatalogRows> {
  const [
    meta,
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
  ] = await Promise.all([
    db.select().from(t.catalogMeta),
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
  ]);
  return {
    version: meta.find((row) => row.key === 'seed_version')?.value ?? 'empty',
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
  };
}
