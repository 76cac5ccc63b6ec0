/** Flags: config/feature-flags.json, then the FEATURE_FLAGS variable, then `ff` for QA visitors. */
import 'server-only';
import {
  featureFlagsFileSchema,
  parseFlagOverrides,
  resolveFlags,
  type FeatureFlags,
} from '@checkout/core';
import defaults from '../../../../config/feature-flags.json';
import { env } from '../env.server';

const configured: FeatureFlags = resolveFlags(
  featureFlagsFileSchema.parse(defaults),
  parseFlagOverrides(env.FEATURE_FLAGS),
);

/** `qaOverrides` is the `ff` value, honoured only when the visitor carries the QA cookie. */
export function featureFlagsFor(qaOverrides: string | undefined): FeatureFlags {
  return qaOverrides ? resolveFlags(configured, parseFlagOverrides(qaOverrides)) : configured;
}
