/** The application context of spec §3, built once per request by the web app. */
import { z } from 'zod';
import { text, CURRENCIES } from '@checkout/core';
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
  /** The catalog the page was rendered with and the namespaces of it the browser holds. */
  translations: z.object({ localeCode: text(), namespaces: z.array(text()) }),
  /** Where the browser sends its traces (same-origin collector path, spec §7 telemetry). */
  tracyUrl: text().nullable(),
  error: z.object({ status: z.number().int(), message: text() }).nullable(),
});

export type AppContext = z.infer<typeof appContextSchema>;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * A coarse device class from the user agent, enough for layout decisions made on the server.
 * The `Sec-CH-UA-Mobile` client hint (`?1`), when the browser sends it, settles "mobile".
 */
export function deviceTypeFrom(
  userAgent: string | null | undefined,
  mobileHint?: string | null,
): DeviceType {
  if (mobileHint === '?1') return 'mobile';
  const ua = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * The server side of the runtime config (spec §3): where the checkout and pricing apis live, the
 * Turnstile site key and the card providers' client keys. Built on the server and never sent
 * whole to the browser, which reaches both apis through its own origin.
 */
export const serverConfigSchema = z.object({
  services: z.object({
    checkoutApi: z.object({ url: z.url() }),
    pricingApi: z.object({ url: z.url() }),
  }),
  turnstile: z.object({ siteKey: text().nullable() }),
  cardClientKeys: z.record(text(), text()),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;

/** What the dev-settings cookie may change: the promotion's end, the country, flag overrides. */
export const devSettingsSchema = z.strictObject({
  countdownEndTime: z.number().int().nonnegative().optional(),
  countryCode: text()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  featureFlags: text().max(512).optional(),
});
export type DevSettings = z.infer<typeof devSettingsSchema>;

/** The cookie's JSON (raw or URL-encoded); null when absent or not a valid settings object. */
export function parseDevSettings(raw: string | null | undefined): DevSettings | null {
  if (!raw) return null;
  for (const candidate of [raw, safeDecode(raw)]) {
    try {
      const parsed = devSettingsSchema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON in this form; try the next
    }
  }
  return null;
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
