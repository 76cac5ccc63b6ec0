/**
 * The api's one error handler: AppError → its code and the status core's ERROR_STATUS gives that
 * code; anything else → generic 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  ERROR_CODES,
  GENERIC_ERROR_MESSAGE,
  type ErrorCode,
  type ErrorIssue,
} from '@checkout/core/contract';
import { isDatabaseUnreachable } from '../db/query-errors';
import { loggableError } from './logger';

/**
 * Fastify's own refusals of a request it cannot read, by their code, with fixed messages (its
 * own may quote the input). A body that does not parse is a validation failure like any other.
 */
const FASTIFY_ERRORS = new Map<string, { code: ErrorCode; message: string }>([
  [
    'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    {
      code: ERROR_CODES.unsupportedMediaType,
      message: 'This call does not take a body of this Content-Type.',
    },
  ],
  [
    'FST_ERR_CTP_BODY_TOO_LARGE',
    { code: ERROR_CODES.payloadTooLarge, message: 'The request body is too large.' },
  ],
  [
    'FST_ERR_CTP_INVALID_JSON_BODY',
    { code: ERROR_CODES.validation, message: 'The body is not valid JSON.' },
  ],
  [
    'FST_ERR_CTP_EMPTY_JSON_BODY',
    { code: ERROR_CODES.validation, message: 'The JSON body is empty.' },
  ],
  [
    'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    { code: ERROR_CODES.validation, message: 'The Content-Length does not match the body.' },
  ],
  ['FST_ERR_BAD_URL', { code: ERROR_CODES.validation, message: 'The address is not valid.' }],
  [
    'FST_ERR_MAX_PARAM_LENGTH',
    { code: ERROR_CODES.uriTooLong, message: 'The address is too long.' },
  ],
]);

const invalidRequest = (issues: ErrorIssue[] = []) =>
  new AppError(ERROR_CODES.validation, 'The request is not valid.', issues);

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    return invalidRequest(
      error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  // A route's schema refused the request (body, querystring, params or headers): the same
  // answer as a schema refusal inside a service, with each issue's path and message.
  if (hasZodFastifySchemaValidationErrors(error)) {
    return invalidRequest(
      error.validation.map((issue) => ({
        path: issue.instancePath.slice(1).replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      })),
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === 429) return new AppError(ERROR_CODES.rateLimited, 'Too many requests.');
  const known = fastifyError.code ? FASTIFY_ERRORS.get(fastifyError.code) : undefined;
  if (known) return new AppError(known.code, known.message);
  // Any other 4xx of Fastify's own; a fixed message, since its text may quote the input.
  if (status && status >= 400 && status < 500) return invalidRequest();
  // A database restart or failover: the client may retry shortly, nothing was half-done.
  if (isDatabaseUnreachable(error)) {
    return new AppError(
      ERROR_CODES.unavailable,
      'The service is briefly unavailable. Try again in a moment.',
    );
  }
  return undefined;
}

/** Where an unhandled error is reported: telemetry's error reporting, handed in by app.ts. */
interface UnhandledErrorReporter {
  report(error: unknown, context: { cookieHeader?: string | undefined }): void;
}

export function registerErrorHandling(
  app: FastifyInstance,
  reporter?: UnhandledErrorReporter,
): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toAppError(error);
    if (known) return reply.status(known.status).send(known.toJSON());
    // Sanitized here too, not only by the logger's serializer: the message of a failed query
    // carries its parameters (e-mail addresses, login secrets), and this path sees them all.
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    reporter?.report(error, { cookieHeader: request.headers.cookie });
    const generic = new AppError(ERROR_CODES.internal, GENERIC_ERROR_MESSAGE);
    return reply.status(generic.status).send(generic.toJSON());
  });
  app.setNotFoundHandler((request, reply) => {
    const notFound = new AppError(
      ERROR_CODES.notFound,
      `No route for ${request.method} ${request.url}.`,
    );
    return reply.status(notFound.status).send(notFound.toJSON());
  });
}
