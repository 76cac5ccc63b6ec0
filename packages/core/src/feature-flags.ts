/** Feature flags (spec §9): each is 'on', 'off' or a named variant. */
import { z } from 'zod';

export const FEATURE_FLAGS = [
  'enable-one-click-payments',
  'coupon',
  'extra-plans',
  'plan-period-dropdown',
  'plan-upsell',
  'vpn-duo-plan',
  'travel-data-addon',
  'renewal-price-disclaimer',
  'oauth-signup-methods',
  'iframe-modal-3ds',
  'promo-badge-black-friday',
  'promo-badge-cyber-monday',
  'promo-badge-birthday',
  'promo-badge-personal-offer',
  'promo-badge-discount',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** 'on', 'off', or a variant name such as 'dropdown' or 'b'. */
export const flagValueSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'a flag value is on, off or a short variant name');

export type FlagValue = z.infer<typeof flagValueSchema>;

export type FeatureFlags = Readonly<Record<FeatureFlag, FlagValue>>;

export const featureFlagsFileSchema = z.strictObject(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, flagValueSchema])) as Record<
    FeatureFlag,
    typeof flagValueSchema
  >,
);

function isFeatureFlag(name: string): name is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(name);
}

/**
 * Parses an override list such as "coupon:off,plan-upsell:b" (the `ff` query parameter and the
 * FEATURE_FLAGS environment variable). Unknown flags and malformed values are ignored, so a
 * QA link with a typo cannot break the page.
 */
export function parseFlagOverrides(raw: string | null | undefined): Partial<FeatureFlags> {
  const overrides: Partial<Record<FeatureFlag, FlagValue>> = {};
  for (const part of (raw ?? '').split(',')) {
    const [name = '', value = ''] = part.split(':').map((s) => s.trim().toLowerCase());
    if (isFeatureFlag(name) && flagValueSchema.safeParse(value).success) overrides[name] = value;
  }
  return overrides;
}

export function resolveFlags(
  base: FeatureFlags,
  ...layers: readonly Partial<FeatureFlags>[]
): FeatureFlags {
  return Object.assign({}, base, ...layers) as FeatureFlags;
}

export function isEnabled(flags: FeatureFlags, flag: FeatureFlag): boolean {
  return flags[flag] !== 'off';
}
