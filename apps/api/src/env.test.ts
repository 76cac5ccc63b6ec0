import { describe, expect, it } from 'vitest';
import { EnvError } from '@checkout/core';
import { loadEnv } from './env';

describe('api environment', () => {
  it('works with no configuration: embedded PGlite under ./var on port 4000', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ API_PORT: 4000, PGLITE_DIR: './var/pglite' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadEnv({ API_PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
