/**
 * Issue 20's race, as the issue asks for it: two api *processes* on one PostgreSQL take the
 * renewal jobs, one is killed (SIGKILL) a third of the way through, and the other finishes. It
 * runs bench/renewals.ts at a small size (the bench starts the cluster and the compiled api's
 * processes, as `npm start` runs them, and checks the charges against the sandbox's ledger), so
 * the test and the bench cannot drift.
 * renewal-race.test.ts covers overlapping claims in detail, with two nodes in one process.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeOnPostgres } from '../../db/describe-on-postgres';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const DUE = 600;

describeOnPostgres('renewals on two api processes, one killed mid-run', () => {
  it('charges every due subscription once and moves it one period', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/renewals.ts', '--subscriptions', String(DUE), '--workers', '2'],
      { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<
      string,
      unknown
    >;
    // Killed mid-run: after a third was renewed, before the last.
    expect(result.killedOneWorkerAfter).toBeGreaterThanOrEqual(DUE / 3);
    expect(result.killedOneWorkerAfter).toBeLessThan(DUE);
    expect(result).toMatchObject({
      renewed: DUE,
      doubleCharges: 0,
      movedExactlyOnce: DUE,
      notMovedOrMovedTwice: 0,
    });
  }, 320_000);
});
