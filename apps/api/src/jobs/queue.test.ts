import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migratedTemplate } from '../db/test-template';
import { countStatements, type StatementCounter } from '../test-support/statements';
import { jobQueue, type Jobs } from './queue';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job queue’s polling', () => {
  let database: DatabaseHandle;
  let jobs: Jobs;
  let counter: StatementCounter;
  const ran: string[] = [];
  const polls = { statements: [] as string[] };
  const fetches = (queue: string) =>
    polls.statements.filter((s) => /WITH\s+next AS/.test(s) && s.includes(`j.name = '${queue}'`))
      .length;
  beforeAll(async () => {
    database = await openDatabase({
      pgliteDir: 'memory://',
      pgliteTemplate: await migratedTemplate(),
    });
    jobs = jobQueue(database, { warn: () => {} } as never);
    jobs.define('each-minute', () => {
      ran.push('each-minute');
      return Promise.resolve();
    });
    jobs.every('each-minute', '* * * * *');
    jobs.define('on-demand', () => {
      ran.push('on-demand');
      return Promise.resolve();
    });
    counter = countStatements(database.db);
    // The workers' polling runs in the context start() gave it.
    await counter.run(polls, () => jobs.start());
  }, 60_000);
  afterAll(async () => {
    await jobs.stop();
    counter.restore();
    await database.close();
  });

  it('looks for the jobs of a queue that only runs on a schedule every few seconds, not twice a second', async () => {
    const from = fetches('each-minute');
    const onDemand = fetches('on-demand');
    await sleep(2_600);
    expect(fetches('on-demand') - onDemand).toBeGreaterThanOrEqual(2);
    expect(fetches('each-minute') - from).toBeLessThanOrEqual(1);
  });

  it('runs a job sent to a scheduled queue at once all the same', async () => {
    await jobs.send('each-minute', {});
    await expect.poll(() => ran.includes('each-minute'), { timeout: 1_500 }).toBe(true);
  });
});
