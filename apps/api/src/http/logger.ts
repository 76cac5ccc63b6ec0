/**
 * The api's logger settings: personal data and secrets never reach a log line. Known fields are
 * redacted wherever they appear (up to two levels down), requests are logged by path only, and
 * errors are written by a serializer that keeps their kind and place but not the values in them.
 */
import type { FastifyServerOptions } from 'fastify';
import { scrubText as scrub, SENSITIVE_FIELDS } from '@checkout/core';
import { describeFailedQuery } from '../db/query-errors';

/** Each field at the top of a log entry, and one and two objects down (pino redact paths). */
export const REDACTED_PATHS: string[] = SENSITIVE_FIELDS.flatMap((field) => {
  const plain = /^\w+$/.test(field);
  const step = plain ? `.${field}` : `["${field}"]`;
  return [plain ? field : `["${field}"]`, `*${step}`, `*.*${step}`];
});

/** The stack's frames only: its first lines repeat the message, values and all. */
function framesOf(stack: string | undefined): string | undefined {
  const start = stack?.indexOf('\n    at ') ?? -1;
  return start === -1 ? undefined : stack!.slice(start + 1);
}

export interface LoggableError {
  type: string;
  message: string;
  /** The frames only (empty when unknown). */
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: LoggableError;
  [key: string]: unknown;
}

/**
 * What the log keeps of an error. A failed statement: its name, SQLSTATE and the constraint or
 * table it hit, never its parameters or the driver's detail. Anything else: its type, scrubbed
 * message, code and stack frames, and its cause the same way.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  const stack = (error instanceof Error && framesOf(error.stack)) || '';
  const query = describeFailedQuery(error);
  if (query) {
    const message = `Failed statement ${query.statement} (SQLSTATE ${query.sqlstate ?? 'unknown'})`;
    return { ...query, message, stack };
  }
  if (!(error instanceof Error)) {
    // An already-serialized error (logged twice) or a thrown non-error.
    if (typeof error === 'object' && error !== null && 'type' in error && 'stack' in error) {
      const logged = error as LoggableError;
      return { ...logged, message: scrub(String(logged.message)) };
    }
    return { type: typeof error, message: '', stack };
  }
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: scrub(error.message),
    stack,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 3
      ? { cause: loggableError(error.cause, depth + 1) }
      : {}),
  };
}

/** Where log lines go: one JSON line per write (pino's destination stream). */
export interface LogStream {
  write(line: string): void;
}

/** Fastify's logger option: false when silent, else pino with redaction and safe serializers. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings can carry tokens and e-mail addresses; log the path only.
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
      }),
      err: loggableError,
    },
  };
}
