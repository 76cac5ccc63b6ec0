/**
 * The api's error reports: through Sentry's SDK to SENTRY_DSN (Sentry, GlitchTip…) when set,
 * else as one structured log line with the fingerprint. Either way the rules of spec §8/§9 run
 * first (core's prepareReport) and the report carries the trace id of the request it broke.
 */
import { trace } from '@opentelemetry/api';
import * as Sentry from '@sentry/node';
import {
  beforeSendRules,
  errorLogLine,
  hasDevSettingsCookie,
  scrubBreadcrumb,
} from '@checkout/core';
import packageJson from '../../package.json' with { type: 'json' };
import { describeFailedQuery } from '../db/query-errors';
import { loggableError } from '../http/logger';
import { SERVICE_NAME } from './telemetry';

export interface ReportContext {
  /** Groups reports of one kind (spec §8); Sentry's default grouping when unset. */
  fingerprint?: string;
  /** The request's Cookie header, for the dev settings cookie rule. */
  cookieHeader?: string | undefined;
  /** What the failing work had in hand; 8,000 characters or more travel as an attachment. */
  details?: Record<string, unknown>;
}

export interface ErrorReporter {
  report(error: unknown, context?: ReportContext): void;
}

interface Log {
  error(entry: object, message: string): void;
}

/** The trace and span of the work that failed, for a report to link to its trace. */
function traceContext(): { trace_id: string; span_id: string } | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  return span ? { trace_id: span.traceId, span_id: span.spanId } : undefined;
}

/**
 * A failed statement is reported by its name and SQLSTATE, as the log names it: Drizzle's own
 * message holds the statement's parameters (an e-mail, a postal code), which no report may carry.
 */
function reportable(error: unknown): unknown {
  const query = describeFailedQuery(error);
  if (!query || !(error instanceof Error)) return error;
  const safe = new Error(
    `Failed statement ${query.statement} (SQLSTATE ${query.sqlstate ?? 'unknown'})`,
  );
  safe.name = query.type;
  // The frames only: the stack's first line repeats the message with its parameters.
  const frames = (error.stack ?? '').split('\n    at ').slice(1);
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n    at ');
  return safe;
}

export function startErrorReporting(
  env: { SENTRY_DSN?: string | undefined; DEPLOY_ENV: string },
  log: Log,
): ErrorReporter {
  if (!env.SENTRY_DSN) {
    return {
      report(failure, context = {}) {
        const error = reportable(failure);
        const line = errorLogLine(error, {
          fingerprint: context.fingerprint,
          traceId: traceContext()?.trace_id,
        });
        if (line) log.error({ ...line, err: loggableError(failure) }, 'error report');
      },
    };
  }
  Sentry.init({
    dsn: env.SENTRY_DSN,
    environment: env.DEPLOY_ENV,
    release: `${SERVICE_NAME}@${packageJson.version}`,
    // Our own OpenTelemetry provider traces; Sentry only reports errors, linked by trace id.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    defaultIntegrations: false,
    integrations: [Sentry.linkedErrorsIntegration()],
    beforeSend: (event, hint) => beforeSendRules(event, hint),
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb),
  });
  return {
    report(error, context = {}) {
      const traced = traceContext();
      Sentry.withScope((scope) => {
        if (context.fingerprint) scope.setFingerprint([context.fingerprint]);
        if (context.details) scope.setContext('details', context.details);
        if (hasDevSettingsCookie(context.cookieHeader)) scope.setTag('dev_settings', 'present');
        if (traced) {
          scope.setContext('trace', traced);
          scope.setTag('trace_id', traced.trace_id);
        }
        Sentry.captureException(reportable(error));
      });
    },
  };
}

/** Waits for queued reports to leave (shutdown, tests). */
export async function flushErrorReports(timeoutMs = 5_000): Promise<void> {
  await Sentry.flush(timeoutMs);
}
