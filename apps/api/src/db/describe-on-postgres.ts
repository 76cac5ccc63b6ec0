/**
 * Test helper: a suite that needs a real PostgreSQL (concurrency, restarts, several nodes). It
 * runs where Debian's server binaries are; without them a developer's run skips it, but CI
 * (CI=true, set by .ci/run) fails instead: a green run must not have skipped these silently.
 */
import { describe, it } from 'vitest';
import { postgresAvailable } from './postgres-cluster';

export type PostgresSuiteMode = 'run' | 'skip' | 'fail';

export function postgresSuiteMode(available: boolean, ci: boolean): PostgresSuiteMode {
  if (available) return 'run';
  return ci ? 'fail' : 'skip';
}

export function describeOnPostgres(name: string, suite: () => void): void {
  // A test helper, not the api: the CI flag is the runner's, not a setting of the app (env.ts).
  const mode = postgresSuiteMode(postgresAvailable(), process.env.CI === 'true');
  if (mode === 'run') describe(name, suite);
  else if (mode === 'skip') describe.skip(name, suite);
  else {
    describe(name, () => {
      it('needs PostgreSQL 15 (/usr/lib/postgresql/15/bin and a postgres user) in CI', () => {
        throw new Error(
          'PostgreSQL is not installed: install postgresql-15 (apt) to run this suite',
        );
      });
    });
  }
}
