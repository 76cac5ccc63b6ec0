/** Feature flags (spec §9): each is 'on', 'off' or a named variant. */
import { z } from 'zod';

interface FlagDefinition {
  /**
   * The flag shows a disclosure the law requires (renewal price, subscription terms): in
   * production no override, neither FEATURE_FLAGS nor a QA link, may switch it off.
   */
  readonly legalDisclosure?: true;
}

const FLAG_DEFINITIONS = {
  'enable-one-click-payments': {},
  coupon: {},
  'extra-plans': {},
  'plan-period-dropdown': {},
  'plan-upsell': {},
  'vpn-duo-plan': {},
  'travel-data-addon': {},
  'renewal-price-disclaimer': { legalDisclosure: true },
  'oauth-signup-methods': {},
  'iframe-modal-3ds': {},
  'promo-badge-black-friday': {},
  'promo-badge-cyber-monday': {},
  'promo-badge-birthday': {},
  'promo-badge-personal-offer': {},
  'promo-badge-discount': {},
} as const satisfies Record<string, FlagDefinition>;

export type FeatureFlag = keyof typeof FLAG_DEFINITIONS;

export const FEATURE_FLAGS = Object.keys(FLAG_DEFINITIONS) as readonly FeatureFlag[];

export function isLegalDisclosure(flag: FeatureFlag): boolean {
  return (FLAG_DEFINITIONS[flag] as FlagDefinition).legalDisclosure === true;
}

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

/**
 * What is wrong with an override list, one line per part: empty when every part names a known
 * flag with a well-formed value. The FEATURE_FLAGS variable is refused on any problem (a typo
 * in a deployment must not be silently ignored); QA links keep the lenient parse above.
 */
export function flagOverrideProblems(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const [name = '', value, ...rest] = part.split(':').map((s) => s.trim().toLowerCase());
      if (!isFeatureFlag(name)) return [`"${part}": unknown flag "${name}"`];
      if (value === undefined || rest.length > 0 || !flagValueSchema.safeParse(value).success) {
        return [`"${part}": the value must be on, off or a short variant name (flag:value)`];
      }
      return [];
    });
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

/**
 * The overrides that may apply: in production, none that would switch off a legal disclosure
 * (a QA link or a deployment variable must not hide what the law requires the shopper to see).
 */
export function permittedOverrides(
  overrides: Partial<FeatureFlags>,
  { production }: { production: boolean },
): Partial<FeatureFlags> {
  if (!production) return overrides;
  return Object.fromEntries(
    Object.entries(overrides).filter(
      ([flag, value]) => !(isLegalDisclosure(flag as FeatureFlag) && value === 'off'),
    ),
  );
}

/** The promotions a plan card's badge can announce, by the flag that switches each on. */
export const PROMO_BADGES = {
  'promo-badge-black-friday': 'blackFriday',
  'promo-badge-cyber-monday': 'cyberMonday',
  'promo-badge-birthday': 'birthday',
  'promo-badge-personal-offer': 'personalOffer',
} as const satisfies Partial<Record<FeatureFlag, string>>;
export type PromoBadge = (typeof PROMO_BADGES)[keyof typeof PROMO_BADGES];

/** What the badges of discounted plan cards say: one promotion (the first on) and the saving. */
export interface PlanBadges {
  promo: PromoBadge | null;
  /** Flag promo-badge-discount: the "Save n%" badge. */
  discount: boolean;
}

export function planBadgesFor(flags: FeatureFlags): PlanBadges {
  const on = (Object.keys(PROMO_BADGES) as (keyof typeof PROMO_BADGES)[]).find((flag) =>
    isEnabled(flags, flag),
  );
  return {
    promo: on ? PROMO_BADGES[on] : null,
    discount: isEnabled(flags, 'promo-badge-discount'),
  };
}
