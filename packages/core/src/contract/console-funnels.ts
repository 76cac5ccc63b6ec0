/**
 * The console's funnels and payment figures (issue 33): the query of the funnel (days, a
 * grouping, filters), its rows, the payment success rate per provider and method, and refunds
 * and chargebacks per week.
 */
import { z } from 'zod';
import { experimentIdSchema, variantValueSchema } from '../experiments/experiments';
import { text } from '../text';

/** The funnel's steps, each a visitor-day that reached it (docs/console.md says which event). */
export const FUNNEL_STEPS = ['viewed', 'email', 'paymentStarted', 'paid'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_GROUPS = [
  'none',
  'country',
  'language',
  'device',
  'provider',
  'variant',
] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** A browser's kind from its User-Agent: what the funnel groups by. */
export function deviceOf(userAgent: string | undefined): Device {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android/i.test(ua)) return 'mobile';
  return 'desktop';
}

/** The longest span one query covers. */
export const MAX_FUNNEL_DAYS = 92;
const DAY_MS = 86_400_000;

const span = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < MAX_FUNNEL_DAYS, {
      message: `at most ${MAX_FUNNEL_DAYS} days`,
      path: ['to'],
    });

const format = z.enum(['json', 'csv']).default('json');

/** GET /api/console/funnels/: filters combine with AND; a variant needs its experiment. */
export const funnelQuerySchema = span(
  z.strictObject({
    from: z.iso.date(),
    to: z.iso.date(),
    groupBy: z.enum(FUNNEL_GROUPS).default('none'),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'two capital letters')
      .optional(),
    language: text().min(2).max(10).optional(),
    device: z.enum(DEVICES).optional(),
    provider: text().min(1).max(64).optional(),
    experiment: experimentIdSchema.optional(),
    variant: variantValueSchema.optional(),
    format,
  }),
).refine((q) => q.experiment || (q.groupBy !== 'variant' && !q.variant), {
  message: 'name the experiment whose variants to use',
  path: ['experiment'],
});
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

const count = () => z.number().int().min(0);

/** One day of one group: how many visitors reached each step. */
export const funnelRowSchema = z.object({
  day: z.iso.date(),
  group: text(),
  viewed: count(),
  email: count(),
  paymentStarted: count(),
  paid: count(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

/** GET /api/console/funnels/payments/ and …/refunds/ */
export const paymentFiguresQuerySchema = span(
  z.strictObject({ from: z.iso.date(), to: z.iso.date(), format }),
);
export type PaymentFiguresQuery = z.infer<typeof paymentFiguresQuerySchema>;

export const providerSuccessRowSchema = z.object({
  provider: text(),
  family: text(),
  method: text(),
  attempts: count(),
  succeeded: count(),
});
export type ProviderSuccessRow = z.infer<typeof providerSuccessRowSchema>;

export const weeklyDisputesRowSchema = z.object({
  /** The Monday the week starts on (ISO date). */
  week: z.iso.date(),
  refunds: count(),
  chargebacks: count(),
});
export type WeeklyDisputesRow = z.infer<typeof weeklyDisputesRowSchema>;
