/** Start-up configuration: parse once, fail loudly with the names of the bad variables. */
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
    return `  ${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? null)})`;
  });
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
}

/** Treats an empty variable as unset, the way shells and .env files usually mean it. */
export function emptyAsUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}
