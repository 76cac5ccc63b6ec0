/**
 * Durable jobs on the api's own database (pg-boss, docs/decisions/005-job-queue.md): delayed work
 * (a sandbox notification, a renewal retry) and periodic sweeps are rows in pg-boss's `pgboss`
 * schema, so a restart or a crash loses none of them and two api nodes never take one job twice
 * (pg-boss claims jobs with FOR UPDATE SKIP LOCKED; a cron slot is sent once across nodes).
 */
import { fromPglite, PgBoss, type Db, type PGliteLike } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

export interface JobOptions {
  /** Not before this long from now. */
  delayMs?: number;
  /** At most one queued or running job per key (pg-boss singleton key). */
  onceKey?: string;
}

export interface QueueSetting {
  /** How many times a failed job is tried again, with exponential backoff from `retryDelayS`. */
  retryLimit?: number;
  retryDelayS?: number;
  /** Jobs a worker takes at once; the handler is called once per job. */
  batchSize?: number;
  /** How often an idle worker looks for new jobs (pg-boss's floor is 0.5 s). */
  pollingIntervalSeconds?: number;
}

export type JobHandler<T> = (data: T) => Promise<void>;

export interface Jobs {
  /** Declares a queue and its handler: every node that starts works it. */
  define<T extends object>(name: string, handler: JobHandler<T>, setting?: QueueSetting): void;
  /** Runs a declared job once, now or after `delayMs`. */
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Several jobs of one queue in one statement. */
  sendMany<T extends object>(name: string, jobs: { data: T; delayMs?: number }[]): Promise<void>;
  /** Runs a declared job on a cron schedule (minute resolution), once per slot across nodes. */
  every(name: string, cron: string): void;
  /**
   * Runs a declared job again `ms` after each run ends, for periods under the cron's minute: one
   * chain across all nodes (a "stately" queue holds one waiting and one running job at most).
   */
  repeat(name: string, ms: number): void;
  /** Creates the schema and queues, then starts the workers (after every define). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones; no timer of pg-boss is left. */
  stop(): Promise<void>;
}

/**
 * How often an idle worker of a queue that runs on a cron schedule looks for jobs: its slot's job
 * may start this much late, and a job sent to it from this node wakes its worker at once.
 */
const SCHEDULED_POLLING_S = 10;

interface Definition {
  handler: JobHandler<object>;
  setting: QueueSetting;
}

/** The node-postgres pool under a PostgreSQL handle, or the PGlite client of an embedded one. */
function bossDatabase(database: DatabaseHandle): { db: Db; backend: 'postgres' | 'pglite' } {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    return { db: fromPglite(client as PGliteLike), backend: 'pglite' };
  }
  const pool = client as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return {
    db: { executeSql: (text, values) => pool.query(text, values) },
    backend: 'postgres',
  };
}

export function jobQueue(database: DatabaseHandle, log: FastifyBaseLogger): Jobs {
  const definitions = new Map<string, Definition>();
  const schedules: [string, string][] = [];
  const repeats = new Map<string, number>();
  /** Each queue's worker on this node, woken when this node sends it a job. */
  const workers = new Map<string, string>();
  let boss: PgBoss | undefined;
  let stopped = false;
  const started = (): PgBoss => {
    if (!boss) throw new Error('jobs: send before start');
    return boss;
  };
  return {
    define(name, handler, setting = {}) {
      definitions.set(name, { handler: handler as JobHandler<object>, setting });
    },
    async send(name, data, options = {}) {
      await started().send(name, data, {
        startAfter: options.delayMs ? new Date(Date.now() + options.delayMs) : undefined,
        singletonKey: options.onceKey,
      });
      const worker = workers.get(name);
      if (worker && !options.delayMs) started().notifyWorker(worker);
    },
    async sendMany(name, jobs) {
      const now = Date.now();
      await started().insert(
        name,
        jobs.map(({ data, delayMs }) => ({
          data,
          startAfter: delayMs ? new Date(now + delayMs) : undefined,
        })),
      );
    },
    every(name, cron) {
      schedules.push([name, cron]);
    },
    repeat(name, ms) {
      repeats.set(name, ms);
    },
    async start() {
      const { db, backend } = bossDatabase(database);
      boss = new PgBoss({ db, backend, schema: 'pgboss', superviseIntervalSeconds: 60 });
      boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
      await boss.start();
      for (const [name, { handler, setting }] of definitions) {
        const repeatMs = repeats.get(name);
        await boss.createQueue(name, {
          retryLimit: setting.retryLimit ?? 5,
          retryDelay: setting.retryDelayS ?? 5,
          retryBackoff: true,
          ...(repeatMs === undefined ? {} : { policy: 'stately' }),
        });
        const next = async () => {
          if (repeatMs === undefined || stopped) return;
          // Refused (null) while the chain already has its next run waiting: that is the point.
          await boss?.send(name, {}, { startAfter: new Date(Date.now() + repeatMs) });
        };
        const scheduled = repeatMs === undefined && schedules.some(([queue]) => queue === name);
        const worker = await boss.work<object>(
          name,
          {
            batchSize: setting.batchSize ?? 1,
            pollingIntervalSeconds:
              setting.pollingIntervalSeconds ?? (scheduled ? SCHEDULED_POLLING_S : 0.5),
          },
          async (batch) => {
            // One job's failure retries that job only (pg-boss fails the batch it was handed).
            try {
              for (const job of batch) await handler(job.data);
            } finally {
              await next();
            }
          },
        );
        workers.set(name, worker);
        // Every node seeds the chain; the queue keeps one.
        await next();
      }
      for (const [name, cron] of schedules) await boss.schedule(name, cron);
    },
    async stop() {
      if (!boss || stopped) return;
      stopped = true;
      // graceful: the running handlers finish; close: false, the database is the api's to close.
      await boss.stop({ graceful: true, close: false, timeout: 10_000 });
    },
  };
}
