/**
 * The browser's error reporting, loaded on idle or at the first error: Sentry's browser SDK
 * through the same-origin tunnel (/otel-collector/v1/errors) when a DSN is configured, else a
 * structured console line with the fingerprint. The rules of §8/§9 run in beforeSend; failed
 * requests' bodies (60,000 bytes at most, 15 read at once) join the report of the error.
 */
import * as Sentry from '@sentry/browser';
import { trace } from '@opentelemetry/api';
import {
  analyticsLabelOf,
  beforeSendRules,
  BROWSER_COLLECTOR_PATH,
  errorLogLine,
  capBody,
  concurrencyLimit,
  failedRequests,
  FINGERPRINTS,
  hasDevSettingsCookie,
  REPORT_LIMITS,
  scrubBreadcrumb,
  scrubText,
  type ErrorReport,
} from '@checkout/core';
import { browserTelemetryConfig } from './browser-config';

const readLimit = concurrencyLimit(REPORT_LIMITS.networkBodyConcurrency);
/** Bodies of failed requests, by URL, read as they fail; a report takes those of its crumbs. */
const failedBodies = new Map<string, Promise<string>>();

function rememberFailedBody(url: string, response: Response): void {
  if (failedBodies.size > 50) failedBodies.delete(failedBodies.keys().next().value!);
  failedBodies.set(
    url,
    readLimit(() => response.clone().text()).then(
      (body) => scrubText(capBody(body)),
      () => '',
    ),
  );
}

async function withNetworkBodies<E extends ErrorReport>(event: E): Promise<E> {
  const failed = failedRequests(event.breadcrumbs);
  if (failed.length === 0) return event;
  const bodies = await Promise.all(
    failed.map(async (crumb) => {
      const url = typeof crumb.data?.url === 'string' ? crumb.data.url : '';
      return { url, status: crumb.data?.status_code, body: await failedBodies.get(url) };
    }),
  );
  return { ...event, contexts: { ...event.contexts, failedRequestBodies: { bodies } } };
}

let started: Promise<boolean> | undefined;

/** Starts Sentry once (true) when a DSN is configured. */
export function startErrorReporting(): Promise<boolean> {
  started ??= browserTelemetryConfig().then((config) => {
    if (!config.sentryDsn) return false;
    Sentry.init({
      dsn: config.sentryDsn,
      tunnel: `${BROWSER_COLLECTOR_PATH}/errors`,
      environment: config.deployEnv,
      release: `checkout-web@${config.version}`,
      defaultIntegrations: false,
      integrations: [
        Sentry.breadcrumbsIntegration({ dom: true, fetch: true, history: true }),
        Sentry.globalHandlersIntegration(),
        Sentry.linkedErrorsIntegration(),
        Sentry.dedupeIntegration(),
        Sentry.browserApiErrorsIntegration(),
      ],
      beforeBreadcrumb: (crumb, hint) => {
        const response: unknown = (hint as { response?: unknown } | undefined)?.response;
        const { status_code: status, url } = (crumb.data ?? {}) as Record<string, unknown>;
        if (response instanceof Response && typeof status === 'number' && status >= 400) {
          // Keyed by the URL as the scrubbed breadcrumb will show it.
          rememberFailedBody(scrubText(String(url)), response);
        }
        return scrubBreadcrumb(crumb);
      },
      beforeSend: async (event, hint) => beforeSendRules(await withNetworkBodies(event), hint),
    });
    // Spec §8: a runtime dev settings cookie on a shopper's browser is worth a warning.
    if (hasDevSettingsCookie(document.cookie)) {
      Sentry.captureMessage('Runtime dev settings cookie present', {
        level: 'warning',
        fingerprint: [FINGERPRINTS.devSettingsCookie],
      });
    }
    return true;
  });
  return started;
}

/** Reports an error; its analytics label is the one given, else the error's own (spec §8). */
export async function captureError(
  error: unknown,
  { fingerprint, label: given }: { fingerprint?: string | undefined; label?: string | undefined },
): Promise<void> {
  const label = given ?? analyticsLabelOf(error);
  const span = trace.getActiveSpan()?.spanContext();
  if (!(await startErrorReporting())) {
    const line = errorLogLine(error, { fingerprint, traceId: span?.traceId });
    if (line) console.error(JSON.stringify({ msg: 'error report', ...line, label }));
    return;
  }
  Sentry.withScope((scope) => {
    if (fingerprint) scope.setFingerprint([fingerprint]);
    scope.setTag('analytics_error', label);
    if (span) scope.setContext('trace', { trace_id: span.traceId, span_id: span.spanId });
    Sentry.captureException(error);
  });
}
