/**
 * The rules of spec §8 and §9 for error reports, as pure functions over the plain shape of a
 * report (a subset of Sentry's event, so both apps' beforeSend hooks apply them unchanged):
 * what is suppressed, what is only info, how reports are grouped, what is attached, what is
 * scrubbed.
 */
import { analyticsErrorLabel } from './error-labels';
import { cookieValue } from './cookie-header';
import { scrubPersonalData, scrubText } from './personal-data';
import { DEV_SETTINGS_COOKIE } from './storage-keys';

export type ReportLevel = 'fatal' | 'error' | 'warning' | 'log' | 'info' | 'debug';

export interface ReportBreadcrumb {
  type?: string;
  category?: string;
  message?: string;
  level?: ReportLevel;
  data?: Record<string, unknown>;
  timestamp?: number;
}

export interface ReportException {
  type?: string;
  value?: string;
  stacktrace?: { frames?: unknown[] };
  /** `synthetic`: the SDK made this exception up for a captured message (no error was thrown). */
  mechanism?: { synthetic?: boolean };
}

/** The parts of an error report these rules read or change. */
export interface ErrorReport {
  message?: string;
  level?: ReportLevel;
  fingerprint?: string[];
  exception?: { values?: ReportException[] };
  breadcrumbs?: ReportBreadcrumb[];
  contexts?: Record<string, Record<string, unknown> | undefined>;
  extra?: Record<string, unknown>;
  tags?: Record<string, unknown>;
  request?: object;
  user?: { id?: string | number | undefined };
}

/** Spec §9's numbers for error reports. */
export const REPORT_LIMITS = {
  /** A context this long or longer (as JSON) travels as a JSON attachment instead. */
  contextAttachmentChars: 8000,
  /** How many of the latest breadcrumbs are inspected for failed requests. */
  breadcrumbsInspected: 10,
  /** A failed request's response body is kept up to this many bytes… */
  networkBodyBytes: 60_000,
  /** …and at most this many bodies are read at once. */
  networkBodyConcurrency: 15,
} as const;

/** Spec §8's fingerprints: every report of one kind is one issue, whatever its message. */
export const FINGERPRINTS = {
  failedLogin: 'failed-login-attempt',
  failedDeleteToken: 'failed-delete-token',
  devSettingsCookie: 'dev-settings-cookie',
} as const;

/**
 * Spec §8: failures of the network or of the shopper leaving, not of our code. Matched in the
 * message of the report and of its exception: 'Network request failed', 'Aborted', 'Failed to
 * fetch', Safari's 'Load failed' and a cancelled request ('cancelled', 'canceled').
 */
const SUPPRESSED = /network request failed|\baborted\b|failed to fetch|load failed|\bcancell?ed\b/i;

export function isSuppressed(report: ErrorReport): boolean {
  const texts = [report.message, ...(report.exception?.values ?? []).map((e) => e.value)];
  return texts.some((text) => text !== undefined && SUPPRESSED.test(text));
}

/** Errors of code that did not run at all (a bad bundle, an old browser): info, not an alarm. */
const DOWNGRADED_TYPES = new Set(['SyntaxError', 'ReferenceError', 'TypeError']);
/** A stack this short says nothing about where it came from (a script error, an extension). */
export const SHORT_STACK_FRAMES = 2;

/** Spec §8: very short stacks and syntax, reference and type errors are downgraded to info. */
export function levelFor(report: ErrorReport): ReportLevel | undefined {
  const exceptions = report.exception?.values ?? [];
  if (exceptions.length === 0) return report.level;
  const main = exceptions[exceptions.length - 1]!;
  // A message (the dev-settings warning) keeps the level it was reported at: its stack is the
  // SDK's, not an error's.
  if (main.mechanism?.synthetic) return report.level;
  if (main.type && DOWNGRADED_TYPES.has(main.type)) return 'info';
  const frames = main.stacktrace?.frames?.length ?? 0;
  if (frames < SHORT_STACK_FRAMES) return 'info';
  return report.level;
}

export interface ReportAttachment {
  filename: string;
  data: string;
  contentType: 'application/json';
}

/**
 * Spec §9: a context of 8,000 characters or more (as JSON) leaves the report and travels as a
 * JSON attachment named after it; the report keeps a note of where it went.
 */
export function splitLargeContexts(contexts: ErrorReport['contexts']): {
  contexts: ErrorReport['contexts'];
  attachments: ReportAttachment[];
} {
  if (!contexts) return { contexts, attachments: [] };
  const attachments: ReportAttachment[] = [];
  const kept: NonNullable<ErrorReport['contexts']> = {};
  for (const [name, context] of Object.entries(contexts)) {
    const json = JSON.stringify(context) ?? '';
    if (json.length >= REPORT_LIMITS.contextAttachmentChars) {
      const filename = `${name}.json`;
      attachments.push({ filename, data: json, contentType: 'application/json' });
      kept[name] = { attachment: filename, length: json.length };
    } else {
      kept[name] = context;
    }
  }
  return { contexts: kept, attachments };
}

/** A request breadcrumb (fetch or XHR) whose request failed: no answer, or 4xx/5xx. */
function isFailedRequest(crumb: ReportBreadcrumb): boolean {
  if (crumb.category !== 'fetch' && crumb.category !== 'xhr') return false;
  const status = crumb.data?.status_code;
  return typeof status !== 'number' || status >= 400;
}

/**
 * Spec §9: the last 10 breadcrumbs are inspected; the failed requests among them are what the
 * report says about the network, with the method, URL and status the reader needs.
 */
export function failedRequests(breadcrumbs: ReportBreadcrumb[] | undefined): ReportBreadcrumb[] {
  return (breadcrumbs ?? []).slice(-REPORT_LIMITS.breadcrumbsInspected).filter(isFailedRequest);
}

/** Spec §9: a failed request's body, cut at 60,000 bytes of UTF-8 (never mid-character). */
export function capBody(body: string, maxBytes: number = REPORT_LIMITS.networkBodyBytes): string {
  const bytes = new TextEncoder().encode(body);
  if (bytes.length <= maxBytes) return body;
  // A cut inside a multi-byte character decodes to U+FFFD; drop that partial character.
  return new TextDecoder().decode(bytes.subarray(0, maxBytes)).replace(/\uFFFD$/, '');
}

/**
 * At most `limit` tasks running at once (spec §9: 15 bodies read at a time); the others wait
 * their turn in order. Reading a body never blocks the page, and a burst of failures cannot
 * pile up unbounded reads.
 */
export function concurrencyLimit(limit: number = REPORT_LIMITS.networkBodyConcurrency) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** Whether a Cookie header carries the runtime dev settings cookie. */
export function hasDevSettingsCookie(cookieHeader: string | undefined | null): boolean {
  return cookieValue(cookieHeader ?? '', DEV_SETTINGS_COOKIE) !== undefined;
}

/** The HTTP status an error carries (a request error, an AppError), if any. */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  if (typeof status === 'number') return status;
  return typeof statusCode === 'number' ? statusCode : undefined;
}

/**
 * Spec §8: the analytics error label of an error: its own label if it has one, else by its
 * status ('Page not found' for 404, 'User exceeded request limit' for 429), else 'Generic error'.
 */
export function analyticsLabelOf(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const label = (error as { analyticsLabel?: unknown }).analyticsLabel;
    if (typeof label === 'string' && label) return label;
  }
  const status = statusOf(error);
  return analyticsErrorLabel(status ?? 500);
}

/** Spec §8 and the house rule: nothing personal leaves in a report. */
export function scrubReport<R extends ErrorReport>(report: R): R {
  const exceptionValues = report.exception?.values?.map((e) => ({
    ...e,
    ...(e.value === undefined ? {} : { value: scrubText(e.value) }),
  }));
  return {
    ...report,
    ...(report.message === undefined ? {} : { message: scrubText(report.message) }),
    ...(exceptionValues ? { exception: { ...report.exception, values: exceptionValues } } : {}),
    ...(report.breadcrumbs ? { breadcrumbs: report.breadcrumbs.map(scrubBreadcrumb) } : {}),
    ...(report.request ? { request: scrubPersonalData(report.request) } : {}),
    ...(report.extra ? { extra: scrubPersonalData(report.extra) } : {}),
    ...(report.contexts ? { contexts: scrubPersonalData(report.contexts) } : {}),
    // Only an opaque id may say who it was; no address, e-mail or name.
    ...(report.user ? { user: report.user.id === undefined ? {} : { id: report.user.id } } : {}),
  };
}

export function scrubBreadcrumb<B extends ReportBreadcrumb>(crumb: B): B {
  return {
    ...crumb,
    ...(crumb.message === undefined ? {} : { message: scrubText(crumb.message) }),
    ...(crumb.data ? { data: scrubPersonalData(crumb.data) } : {}),
  };
}

export interface ReportOptions {
  /** The error the report is about (for its analytics label). */
  error?: unknown;
  /** The browser's or request's Cookie header, to notice the dev settings cookie. */
  cookieHeader?: string | null;
}

/**
 * Every rule at once, as beforeSend runs them: null when suppressed, else the report scrubbed,
 * leveled, labelled and with its large contexts split off into attachments.
 */
export function prepareReport<R extends ErrorReport>(
  report: R,
  options: ReportOptions = {},
): { report: R; attachments: ReportAttachment[] } | null {
  if (isSuppressed(report)) return null;
  const scrubbed = scrubReport(report);
  const level = levelFor(scrubbed);
  const network = failedRequests(scrubbed.breadcrumbs);
  const { contexts, attachments } = splitLargeContexts({
    ...scrubbed.contexts,
    ...(network.length > 0 ? { network: { failedRequests: network } } : {}),
  });
  const devSettings = hasDevSettingsCookie(options.cookieHeader);
  return {
    report: {
      ...scrubbed,
      ...(level ? { level } : {}),
      ...(contexts && Object.keys(contexts).length > 0 ? { contexts } : {}),
      tags: {
        ...scrubbed.tags,
        // A label the reporter chose (the error boundary's) wins over the error's own.
        analytics_error: scrubbed.tags?.analytics_error ?? analyticsLabelOf(options.error),
        ...(devSettings ? { dev_settings: 'present' } : {}),
      },
    },
    attachments,
  };
}

/**
 * The structured log line of a report where no error-reporting service is configured: the same
 * rules (suppressed: null), its fingerprint, level, analytics label and scrubbed message.
 */
export function errorLogLine(
  error: unknown,
  { fingerprint, traceId }: { fingerprint?: string | undefined; traceId?: string | undefined } = {},
): Record<string, unknown> | null {
  const report: ErrorReport = {
    exception: {
      values: [
        {
          type: error instanceof Error ? error.name : typeof error,
          value: error instanceof Error ? error.message : String(error),
          stacktrace: {
            frames: error instanceof Error ? (error.stack ?? '').split('\n    at ').slice(1) : [],
          },
        },
      ],
    },
  };
  const prepared = prepareReport(report, { error });
  if (!prepared) return null;
  return {
    fingerprint: fingerprint ?? 'default',
    level: prepared.report.level ?? 'error',
    label: prepared.report.tags?.analytics_error,
    message: prepared.report.exception?.values?.[0]?.value,
    ...(traceId ? { trace_id: traceId } : {}),
  };
}

/**
 * Sentry's beforeSend for every SDK of ours: the rules above, and the large contexts added to
 * the hint's attachments (the SDK sends those with the event). Null drops a suppressed report.
 */
export function beforeSendRules<E extends ErrorReport>(
  event: E,
  hint: { originalException?: unknown; attachments?: unknown[] },
): E | null {
  const prepared = prepareReport(event, { error: hint.originalException });
  if (!prepared) return null;
  hint.attachments = [...(hint.attachments ?? []), ...prepared.attachments];
  return prepared.report;
}
