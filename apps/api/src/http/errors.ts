/** The api's one error handler: AppError → its status and code; anything else → generic 500. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, ERROR_CODES, GENERIC_ERROR_MESSAGE } from '@checkout/core';
import { isDatabaseUnreachable } from '../db/query-errors';
import { loggableError } from './logger';

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) {
    return new AppError(
      ERROR_CODES.validation,
      400,
      'The request is not valid.',
      error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === 429) return new AppError(ERROR_CODES.rateLimited, 429, 'Too many requests.');
  // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…).
  if (status && status >= 400 && status < 500) {
    return new AppError(ERROR_CODES.validation, status, fastifyError.message ?? 'Bad request.');
  }
  // A database restart or failover: the client may retry shortly, nothing was half-done.
  if (isDatabaseUnreachable(error)) {
    return new AppError(
      ERROR_CODES.unavailable,
      503,
      'The service is briefly unavailable. Try again in a moment.',
    );
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toAppError(error);
    if (known) return reply.status(known.status).send(known.toJSON());
    // Sanitized here too, not only by the logger's serializer: the message of a failed query
    // carries its parameters (e-mail addresses, login secrets), and this path sees them all.
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    const generic = new AppError(ERROR_CODES.internal, 500, GENERIC_ERROR_MESSAGE);
    return reply.status(500).send(generic.toJSON());
  });
  app.setNotFoundHandler((request, reply) => {
    const notFound = new AppError(
      ERROR_CODES.notFound,
      404,
      `No route for ${request.method} ${request.url}.`,
    );
    return reply.status(404).send(notFound.toJSON());
  });
}
