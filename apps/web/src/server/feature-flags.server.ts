/** Flags: config/feature-flags.json, then the FEATURE_FLAGS variable, then `ff` for QA visitors. */
import 'server-only';
import {
  featureFlagsFileSchema,
  parseFlagOverrides,
  permittedOverrides,
  resolveFlags,
  type FeatureFlags,
} from '../rules/feature-flags';
import { isProductionDeploy } from '@checkout/core';
import defaults from '../../../../config/feature-flags.json';
import { env } from '../env.server';

/** Production deployments keep every legal disclosure, whatever an override says. */
const overrides = (raw: string | undefined) =>
  permittedOverrides(parseFlagOverrides(raw), {
    production: isProductionDeploy(env.DEPLOY_ENV),
  });

const configured: FeatureFlags = resolveFlags(
  featureFlagsFileSchema.parse(defaults),
  overrides(env.FEATURE_FLAGS),
);

/** `qaOverrides` is the `ff` value, forwarded by the proxy for a signed QA visitor only. */
export function featureFlagsFor(qaOverrides: string | undefined): FeatureFlags {
  return qaOverrides ? resolveFlags(configured, overrides(qaOverrides)) : configured;
}
