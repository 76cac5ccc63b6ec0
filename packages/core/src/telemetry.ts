/**
 * Telemetry settings both apps share: the sample rate rule of spec §5, the export intervals of
 * §9 and the variables that point the exporters somewhere. Validation only, no SDK.
 */
import { z } from 'zod';
import { emptyAsUndefined } from './env';

/** Spec §9: metrics are exported this often, and a trace batch leaves within this time. */
export const METRICS_EXPORT_INTERVAL_MS = 300_000;
export const TRACE_FLUSH_TIMEOUT_MS = 30_000;

/** Where the browser sends its traces and metrics: same origin, forwarded by the web app (§7). */
export const BROWSER_COLLECTOR_PATH = '/otel-collector/v1';

/**
 * Spec §5: the share of traces kept is a number from 0 to 1, anything else means 1. "Anything
 * else" includes a word or a typo: a bad sample rate must never stop a start.
 */
export function tracingSampleRate(raw: unknown): number {
  if (typeof raw === 'number') return raw >= 0 && raw <= 1 ? raw : 1;
  if (typeof raw !== 'string' || raw.trim() === '') return 1;
  const rate = Number(raw);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : 1;
}

const optionalUrl = z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional());

/** The telemetry variables of each app's environment schema. */
export const telemetryEnvShape = {
  TRACING_SAMPLE_RATE: z.preprocess(tracingSampleRate, z.number().min(0).max(1)),
  /** An OTLP/HTTP receiver (Collector, Jaeger, Tempo…); unset: nothing is exported. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
  /** Sentry or a compatible server (GlitchTip); unset: errors are structured log lines. */
  SENTRY_DSN: optionalUrl,
};
