import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EnvError, parseEnv } from './env';

const schema = z.object({
  PORT: z.coerce.number().int(),
  SECRET: z.string().min(32),
});

describe('parseEnv', () => {
  it('names each bad variable and never prints the value it was given', () => {
    const secret = 'hunter2-but-a-real-production-key';
    let message = '';
    try {
      parseEnv(schema, { PORT: 'eighty', SECRET: secret.slice(0, 20) });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as EnvError).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/SECRET/);
    expect(message).not.toContain('eighty');
    expect(message).not.toContain(secret.slice(0, 20));
  });

  it('returns the parsed values when every variable is valid', () => {
    expect(parseEnv(schema, { PORT: '80', SECRET: 'x'.repeat(32) })).toEqual({
      PORT: 80,
      SECRET: 'x'.repeat(32),
    });
  });
});
