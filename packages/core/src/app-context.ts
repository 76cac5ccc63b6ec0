/** The application context of spec §3, built once per request by the web app. */
import { z } from 'zod';
import { text } from './text';
import { CURRENCIES } from './currencies';
import { FEATURE_FLAGS, flagValueSchema } from './feature-flags';

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;

export const appContextSchema = z.object({
  geoData: z.object({
    countryCode: text().length(2),
    stateCode: text().optional(),
    zipCode: text().optional(),
  }),
  currency: z.enum(CURRENCIES),
  user: z.object({ id: text(), email: text() }).nullable(),
  countdownEndTime: z.number().int().nonnegative().nullable(),
  enabledExperimentIds: z.array(text()),
  deviceType: z.enum(DEVICE_TYPES),
  featureFlags: z.record(z.enum(FEATURE_FLAGS), flagValueSchema),
  pricingExperimentId: text().nullable(),
  language: z.object({ localeCode: text(), urlCode: text(), rtl: z.boolean() }),
  tracyUrl: text().nullable(),
  error: z.object({ status: z.number().int(), message: text() }).nullable(),
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
