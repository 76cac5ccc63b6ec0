import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES } from './errors';
import { refusalIn } from './wire';

describe("a client's reading of a refusal's envelope", () => {
  it('reads what the api writes: code, reason and issues', () => {
    const refusal = new AppError(ERROR_CODES.validation, 'Invalid request', [
      { path: 'email', message: 'invalid' },
    ]);
    expect(refusalIn(JSON.parse(JSON.stringify(refusal)))).toEqual({
      code: 'validation_failed',
      issues: [{ path: 'email', message: 'invalid' }],
    });
    expect(refusalIn({ error: { code: 2012, reason: 'already_used' } })).toEqual({
      code: 2012,
      reason: 'already_used',
      issues: [],
    });
  });

  it('finds nothing in a body that is no envelope, and drops malformed issues', () => {
    for (const body of [null, 'upstream down', { error: 'no' }, { error: { code: null } }]) {
      expect(refusalIn(body)).toBeNull();
    }
    expect(refusalIn({ error: { code: 'x', reason: 7, issues: [{ path: 1 }, 'a'] } })).toEqual({
      code: 'x',
      issues: [],
    });
  });
});
