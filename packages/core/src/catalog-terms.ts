/**
 * The catalog's enumerations (spec §3), apart from its schemas (catalog.ts): the browser reads
 * them (query parameters, plan filters) without loading zod for the seed files' schemas.
 */
export const PLAN_TIERS = [
  'Basic',
  'Complete',
  'Plus',
  'Prime',
  'Standard',
  'Ultimate',
  'Ultra',
] as const;
export const PERIOD_UNITS = ['Day', 'Week', 'Month', 'Year'] as const;
export const PLAN_TYPES = ['individual', 'family'] as const;
export const GROUP_TYPES = ['Family', 'Individual'] as const;
/** Subgroup filter values (not given by the spec): the plan type they select. */
export const SUBGROUPS = ['individual', 'family'] as const;
export const FILTER_KINDS = ['QuotaStorageSize', 'Subgroup'] as const;
export const BUNDLE_TYPES = ['bundle'] as const;

export type PlanTier = (typeof PLAN_TIERS)[number];
export type PeriodUnit = (typeof PERIOD_UNITS)[number];
export type Subgroup = (typeof SUBGROUPS)[number];
