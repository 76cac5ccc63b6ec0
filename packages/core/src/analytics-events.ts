/**
 * The analytics events of spec §7 with the event context of spec §3: one schema shared by the
 * browser (what it sends), the collector (what it accepts) and the experiment report.
 */
import { z } from 'zod';
import { text } from './text';
import { COLLECTED_EVENTS, EXPOSURE_EVENT, MAX_EVENT_BATCH } from './analytics-constants';

const slug = () => text().max(120);
const planRef = z.strictObject({ identifier: slug(), product_id: z.number().int().min(0) });

/** The event context of spec §3 (each event carries what it knows). */
export const analyticsContextSchema = z.strictObject({
  logged_in: z.boolean().optional(),
  source_nord_id: slug().nullable().optional(),
  countdown_end_time: z.number().int().nonnegative().nullable().optional(),
  page_language: slug().optional(),
  experiment: text().max(500).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  plans: z
    .strictObject({
      displayed: z.array(planRef).max(40).optional(),
      selected: planRef.nullable().optional(),
      preselected: planRef.nullable().optional(),
      loaded: z.array(planRef).max(40).optional(),
    })
    .optional(),
  payments: z
    .strictObject({
      selected: slug().nullable().optional(),
      loaded: z.array(slug()).max(80).optional(),
      preselected: slug().nullable().optional(),
    })
    .optional(),
  coupon: z
    .strictObject({
      status: z.enum(['none', 'initiated', 'applied', 'declined', 'removed']),
      code: slug().nullable(),
    })
    .optional(),
  taxes: z
    .strictObject({
      selected: slug().nullable().optional(),
      preselected: slug().nullable().optional(),
    })
    .optional(),
  error_message: text().max(300).optional(),
  form_status: z.enum(['valid', 'invalid', 'submitted']).optional(),
  flow_type: z.enum(['payment', 'one_click_payment', 'package_identifier']).optional(),
  packages: z
    .strictObject({ main_id: slug().nullable(), cross_sell_id: slug().nullable() })
    .optional(),
  consent_status: slug().optional(),
  product_id: z.number().int().min(0).optional(),
});

export type AnalyticsContext = z.infer<typeof analyticsContextSchema>;

/** Event-specific facts: exposures, conversions, scroll depth. Numbers are minor units. */
export const analyticsDataSchema = z.strictObject({
  experiment_id: slug().optional(),
  variant: slug().optional(),
  order_id: z.uuid().optional(),
  revenue_minor: z.number().int().nonnegative().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  depth: z.number().int().min(0).max(100).optional(),
  label: text().max(200).optional(),
});

export const analyticsEventSchema = z
  .strictObject({
    /** Unique per event: a batch sent twice (beacon and retry) is stored once. */
    id: z.uuid(),
    event: z.enum(COLLECTED_EVENTS),
    /** When it happened in the browser, ms since the epoch. */
    time: z.number().int().positive(),
    page: text().max(512),
    section: slug().nullable(),
    element: slug().nullable(),
    context: analyticsContextSchema,
    data: analyticsDataSchema.optional(),
  })
  .refine((e) => e.event !== EXPOSURE_EVENT || (e.data?.experiment_id && e.data.variant), {
    message: 'an exposure names its experiment and variant',
    path: ['data'],
  })
  .refine((e) => e.event !== 'conversion' || e.data?.order_id !== undefined, {
    message: 'a conversion names its order',
    path: ['data', 'order_id'],
  });

export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.strictObject({
  browser_id: z.uuid(),
  events: z.array(analyticsEventSchema).min(1).max(MAX_EVENT_BATCH),
});

export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/**
 * What the collector's route checks before its handler: a batch's envelope. Its events are checked
 * one by one in the handler, after the batch-size rule, so that an oversized batch is a 413 and a
 * refused one is counted by the reason of its first bad event.
 */
export const analyticsBatchEnvelopeSchema = z.looseObject({
  browser_id: z.uuid(),
  events: z.array(z.unknown()),
});

/** The sandbox's read-back of one browser's collected events (end-to-end tests). */
export const browserEventsQuerySchema = z.object({ browser_id: z.uuid() });
