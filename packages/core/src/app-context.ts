/** The application context of spec §3, built once per request by the web app. */
import { z } from 'zod';
import { CURRENCIES } from './currencies';
import { FEATURE_FLAGS, flagValueSchema } from './feature-flags';

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;

export const appContextSchema = z.object({
  geoData: z.object({
    countryCode: z.string().length(2),
    stateCode: z.string().optional(),
    zipCode: z.string().optional(),
  }),
  currency: z.enum(CURRENCIES),
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  countdownEndTime: z.number().int().nonnegative().nullable(),
  enabledExperimentIds: z.array(z.string()),
  deviceType: z.enum(DEVICE_TYPES),
  featureFlags: z.record(z.enum(FEATURE_FLAGS), flagValueSchema),
  pricingExperimentId: z.string().nullable(),
  language: z.object({ localeCode: z.string(), urlCode: z.string(), rtl: z.boolean() }),
  tracyUrl: z.string().nullable(),
  error: z.object({ status: z.number().int(), message: z.string() }).nullable(),
});

export type AppContext = z.infer<typeof appContextSchema>;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A coarse device class from the user agent, enough for layout decisions made on the server. */
export function deviceTypeFrom(userAgent: string | null | undefined): DeviceType {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(ua)) return 'mobile';
  return 'desktop';
}
