/** Loads the seed catalog into an empty database, in one transaction. */
import { eq } from 'drizzle-orm';
import { DEFAULT_REFUND_WINDOW_DAYS, toBytes } from '@checkout/core';
import type { Database } from '../../db/client';
import type { CatalogSeed } from './seed-data';
import * as t from './tables';

const SEED_VERSION_KEY = 'seed_version';

/** Seeds when the catalog is empty; an existing catalog (perhaps edited by operators) is kept. */
export async function seedCatalog(db: Database, seed: CatalogSeed): Promise<boolean> {
  const existing = await db
    .select()
    .from(t.catalogMeta)
    .where(eq(t.catalogMeta.key, SEED_VERSION_KEY));
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(t.merchants).values(seed.merchants);
    await tx.insert(t.products).values(
      seed.products.map((p) => ({
        id: p.id,
        merchantId: p.merchant,
        refundWindowDays: p.refundWindowDays ?? DEFAULT_REFUND_WINDOW_DAYS,
      })),
    );
    await tx.insert(t.periods).values(seed.periods);
    await tx.insert(t.services).values(
      seed.services.map((s) => ({
        identifier: s.identifier,
        title: s.title,
        merchantId: s.merchant,
        optional: s.optional ?? false,
        attributes: s.attributes,
      })),
    );
    const servicePrices = Object.entries(seed.pricePoints.services).flatMap(
      ([serviceId, byCurrency]) =>
        Object.entries(byCurrency).map(([currency, amountMinor]) => ({
          serviceId,
          currency,
          amountMinor,
        })),
    );
    if (servicePrices.length > 0) await tx.insert(t.servicePrices).values(servicePrices);

    const productMerchant = new Map(seed.products.map((p) => [p.id, p.merchant]));
    const inserted = await tx
      .insert(t.plans)
      .values(
        seed.plans.map((plan) => ({
          identifier: plan.identifier,
          displayTitle: plan.displayTitle,
          productId: plan.product,
          merchantId: productMerchant.get(plan.product) ?? 'aegis',
          remoteId: plan.remoteID,
          periodId: plan.period,
          extraPeriodId: plan.extraPeriod ?? null,
          tier: plan.tier,
          type: plan.type,
          groupType: plan.group,
          subgroup: plan.subgroup ?? null,
          storageQuotaBytes: plan.storageQuota ? toBytes(plan.storageQuota) : null,
          bundleType: plan.bundleType ?? null,
          nextChargePlan: plan.nextCharge === 'self' ? plan.identifier : plan.nextCharge,
          listed: plan.listed ?? true,
        })),
      )
      .returning({ id: t.plans.id, identifier: t.plans.identifier });
    const planId = new Map(inserted.map((row) => [row.identifier, row.id]));
    const idOf = (identifier: string): number => {
      const id = planId.get(identifier);
      if (id === undefined) throw new Error(`unknown plan ${identifier}`);
      return id;
    };

    await tx.insert(t.planServices).values(
      seed.plans.flatMap((plan) =>
        plan.services.map((serviceId, position) => ({
          planId: idOf(plan.identifier),
          serviceId,
          position,
        })),
      ),
    );
    await tx.insert(t.pricePoints).values(
      Object.entries(seed.pricePoints.plans).flatMap(([identifier, byCurrency]) =>
        Object.entries(byCurrency).map(([currency, [amountMinor, beforeDiscountMinor]]) => ({
          planId: idOf(identifier),
          currency,
          amountMinor,
          beforeDiscountMinor,
        })),
      ),
    );
    await tx.insert(t.packages).values(
      seed.packages.map((pkg) => ({
        identifier: pkg.identifier,
        productId: pkg.product,
        defaultCoupon: pkg.defaultCoupon ?? null,
        crossSellPackageId: pkg.crossSell ?? null,
        crossSellOnly: pkg.crossSellOnly ?? false,
      })),
    );
    await tx.insert(t.packagePlans).values(
      seed.packages.flatMap((pkg) =>
        pkg.plans.map((id, position) => ({
          packageId: pkg.identifier,
          planId: idOf(id),
          position,
        })),
      ),
    );
    await tx.insert(t.coupons).values(
      seed.coupons.map((c) => ({
        code: c.code,
        isLegacy: c.isLegacy,
        percentOff: c.percentOff,
        validFrom: new Date(c.validFrom),
        validUntil: new Date(c.validUntil),
        oncePerEmail: c.oncePerEmail,
      })),
    );
    await tx.insert(t.couponPricePoints).values(
      Object.entries(seed.pricePoints.coupons).flatMap(([couponCode, perPlan]) =>
        Object.entries(perPlan).flatMap(([identifier, byCurrency]) =>
          Object.entries(byCurrency).map(([currency, amountMinor]) => ({
            couponCode,
            planId: idOf(identifier),
            currency,
            amountMinor,
          })),
        ),
      ),
    );
    await tx.insert(t.catalogMeta).values({ key: SEED_VERSION_KEY, value: seed.version });
  });
  return true;
}
