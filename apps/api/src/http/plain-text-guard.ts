/**
 * Refuses, before any route runs, a request whose URL or JSON body carries text the database
 * cannot take: U+0000 (PostgreSQL text has no NUL) or an unpaired surrogate (no UTF-8 form).
 *
 * Our own schemas refuse such text field by field (`text()` in core); this guard covers what
 * does not go through them: oidc-provider's /oidc/* parameters, query strings the identity
 * module reads itself, and anything a future route forgets. Without it such a value reaches a
 * query, the database raises an error, and the caller gets a 500.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { isPlainText } from '@checkout/core';

const refusal = (where: string) =>
  new AppError(
    ERROR_CODES.invalidCharacters,
    `The ${where} contains a NUL character or an unpaired surrogate.`,
  );

/** Every string in a parsed body, keys included; iterative, so deep nesting cannot overflow. */
function allPlainText(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isPlainText(value)) return false;
    } else if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isPlainText(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed escape is the router's to refuse; the raw path is still checked.
    return path;
  }
}

/** Throws the refusal when the path or query string carries such text. */
export function checkUrlText(request: FastifyRequest): void {
  if (!isPlainText(decodedPath(request.url))) throw refusal('address');
  // The query as every handler reads it (decoded by Fastify's query parser).
  if (!allPlainText(request.query)) throw refusal('query string');
}

/** Registers the checks; before any plugin or route, so every scope inherits them. */
export function registerPlainTextGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkUrlText(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  // Bodies are parsed after onRequest; routes that keep the raw text (the signed callback)
  // have it checked as one string.
  app.addHook('preValidation', (request, _reply, done) => {
    if (allPlainText(request.body)) done();
    else done(refusal('request body'));
  });
}
