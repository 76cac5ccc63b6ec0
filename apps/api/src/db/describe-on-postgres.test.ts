import { describe, expect, it } from 'vitest';
import { postgresSuiteMode } from './describe-on-postgres';

describe('suites that need PostgreSQL', () => {
  it.each([
    [true, false, 'run'],
    [true, true, 'run'],
    [false, false, 'skip'],
    // CI has no business passing without them: a missing server fails the run.
    [false, true, 'fail'],
  ] as const)('with binaries %s and CI %s: %s', (available, ci, mode) => {
    expect(postgresSuiteMode(available, ci)).toBe(mode);
  });
});
