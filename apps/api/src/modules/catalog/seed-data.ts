/** Reads and validates the seed catalog under data/catalog (data, not code). */
import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  couponSeedSchema,
  merchantSeedSchema,
  packageSeedSchema,
  periodSchema,
  PRODUCT_GROUPS,
  planSeedSchema,
  pricePointsSeedSchema,
  productSeedSchema,
  serviceSeedSchema,
} from '@checkout/core';

export const DEFAULT_SEED_DIR = fileURLToPath(
  new URL('../../../../../data/catalog/', import.meta.url),
);

const seedSchema = z.object({
  merchants: z.array(merchantSeedSchema),
  products: z.array(productSeedSchema),
  periods: z.array(periodSchema),
  services: z.array(serviceSeedSchema),
  plans: z.array(planSeedSchema.extend({ product: z.enum(PRODUCT_GROUPS) })),
  packages: z.array(packageSeedSchema),
  coupons: z.array(couponSeedSchema),
  pricePoints: pricePointsSeedSchema,
});

export type CatalogSeed = z.infer<typeof seedSchema> & { version: string };

export function readSeed(dir: string = DEFAULT_SEED_DIR): CatalogSeed {
  const hash = createHash('sha256');
  const read = (name: string): unknown => {
    const text = readFileSync(`${dir}/${name}`, 'utf8');
    hash.update(text);
    return JSON.parse(text);
  };
  const planFiles = readdirSync(`${dir}/plans`)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const seed = seedSchema.parse({
    merchants: read('merchants.json'),
    products: read('products.json'),
    periods: read('periods.json'),
    services: read('services.json'),
    // plans/<product>.json: the file name is the product the plans belong to.
    plans: planFiles.flatMap((file) =>
      (read(`plans/${file}`) as object[]).map((plan) => ({
        ...plan,
        product: file.replace(/\.json$/, ''),
      })),
    ),
    packages: read('packages.json'),
    coupons: read('coupons.json'),
    pricePoints: read('price-points.json'),
  });
  checkReferences(seed);
  return { ...seed, version: hash.digest('hex').slice(0, 16) };
}

/** Cross-file references the schemas cannot see; a broken seed fails loudly at start-up. */
function checkReferences(seed: z.infer<typeof seedSchema>): void {
  const plans = new Set(seed.plans.map((p) => p.identifier));
  const problems: string[] = [];
  const need = (ok: boolean, message: string) => ok || problems.push(message);
  for (const plan of seed.plans) {
    need(
      plan.nextCharge === 'self' || plans.has(plan.nextCharge),
      `${plan.identifier}: next charge plan`,
    );
    need(plan.identifier in seed.pricePoints.plans, `${plan.identifier}: price points`);
  }
  const packages = new Set(seed.packages.map((p) => p.identifier));
  for (const pkg of seed.packages) {
    for (const id of pkg.plans) need(plans.has(id), `${pkg.identifier}: plan ${id}`);
    need(!pkg.crossSell || packages.has(pkg.crossSell), `${pkg.identifier}: cross-sell package`);
  }
  for (const coupon of seed.coupons) {
    for (const id of coupon.plans) {
      need(Boolean(seed.pricePoints.coupons[coupon.code]?.[id]), `${coupon.code}: price for ${id}`);
    }
  }
  if (problems.length > 0)
    throw new Error(`The seed catalog is inconsistent:\n  ${problems.join('\n  ')}`);
}
