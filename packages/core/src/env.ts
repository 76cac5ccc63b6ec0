/**
 * Start-up configuration: parse once, fail loudly with the names of the bad variables. The
 * rejected values are never printed: a start-up log is read by many and kept long, and the
 * value of a mistyped secret is still a secret.
 */
import type { z } from 'zod';

export class EnvError extends Error {
  override readonly name = 'EnvError';
}

export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): z.infer<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const state = source[name] === undefined ? 'unset' : 'set';
    return `  ${name} (${state}): ${issue.message}`;
  });
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

/** Treats an empty variable as unset, the way shells and .env files usually mean it. */
export function emptyAsUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}
