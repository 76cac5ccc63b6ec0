/**
 * What the api says when it cannot start: one line naming the variable to look at, not a stack
 * trace. Anything it does not recognise is left to the caller to print whole.
 */
import { EnvError } from '@checkout/core';
import type { ApiEnv } from './env';

type Stage = 'database' | 'listen';

const codeOf = (error: unknown): string | undefined => {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

export function startupFailure(
  error: unknown,
  stage: Stage | undefined,
  env: Pick<ApiEnv, 'API_HOST' | 'API_PORT' | 'DATABASE_URL' | 'PGLITE_DIR'> | undefined,
): string | undefined {
  if (error instanceof EnvError) return error.message;
  if (error instanceof Error && /^PGLITE_(DIR|TEMPLATE) /.test(error.message)) return error.message;
  const code = codeOf(error);
  if (!env || !stage) return undefined;
  if (stage === 'listen') {
    if (code === 'EADDRINUSE') {
      return `API_PORT ${env.API_PORT} is in use on ${env.API_HOST}: another process listens there (another npm start?); stop it or choose another API_PORT`;
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      return `API_HOST ${env.API_HOST} is not an address of this machine`;
    }
    if (code === 'EACCES') return `API_PORT ${env.API_PORT} needs privileges this process lacks`;
    return undefined;
  }
  if (env.DATABASE_URL) {
    // The URL holds the password: named, never printed.
    return `DATABASE_URL: the database cannot be reached or refused the connection (${code ?? (error instanceof Error ? error.name : 'error')})`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR') {
    return `PGLITE_DIR ${env.PGLITE_DIR} cannot be written by this process (${code})`;
  }
  return undefined;
}
