/**
 * Billing's documents printed in worker threads (node:worker_threads): a pool of `size` workers,
 * each started at its first job, each job sent to the worker with the fewest waiting. A worker
 * that dies fails the jobs it held (the outbox retries their mails, as after any failure) and
 * another is started for the next job. An idle worker does not keep the process alive.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { DocumentRenderer } from './document-renderer';
import type { RenderAnswer, RenderJob } from './render-worker';
import { renderWorker } from './render-worker-url';

export interface RenderPool extends DocumentRenderer {
  /** Takes no more jobs, lets the workers finish theirs, and stops them. */
  close(): Promise<void>;
}

interface Waiting {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface PoolWorker {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

/** `resourceLimits`: each worker's heap and stack limits (Node's defaults when not given). */
export function renderPool(size: number, resourceLimits?: ResourceLimits): RenderPool {
  const workers: (PoolWorker | undefined)[] = Array.from({ length: size });
  let jobs = 0;
  let closed = false;
  const unfinished = new Set<Promise<unknown>>();

  function start(slot: number): PoolWorker {
    const worker = new Worker(renderWorker.url, {
      execArgv: renderWorker.execArgv,
      ...(resourceLimits && { resourceLimits }),
    });
    const started: PoolWorker = { worker, waiting: new Map() };
    const fail = (error: Error) => {
      if (workers[slot] === started) workers[slot] = undefined;
      for (const job of started.waiting.values()) job.reject(error);
      started.waiting.clear();
    };
    worker.on('message', (answer: RenderAnswer) => {
      const job = started.waiting.get(answer.id);
      if (!job) return;
      started.waiting.delete(answer.id);
      if (started.waiting.size === 0) worker.unref();
      if ('error' in answer) job.reject(answer.error);
      else job.resolve(answer.value);
    });
    worker.on('error', (error: Error) =>
      fail(new Error(`billing's render worker failed: ${error.message}`, { cause: error })),
    );
    worker.on('exit', (code) => fail(new Error(`billing's render worker stopped (code ${code})`)));
    return started;
  }

  function run(task: RenderJob['task'], input: unknown): Promise<unknown> {
    if (closed) return Promise.reject(new Error("billing's render pool is closed"));
    let slot = 0;
    workers.forEach((w, n) => {
      if ((w?.waiting.size ?? 0) < (workers[slot]?.waiting.size ?? 0)) slot = n;
    });
    const target = (workers[slot] ??= start(slot));
    const id = ++jobs;
    const job = new Promise((resolve, reject) => {
      target.waiting.set(id, { resolve, reject });
      target.worker.ref();
      target.worker.postMessage({ id, task, input } satisfies RenderJob);
    });
    unfinished.add(job);
    const settled = () => unfinished.delete(job);
    job.then(settled, settled);
    return job;
  }

  return {
    async invoicePdf(doc) {
      // A Buffer crosses the thread as a plain Uint8Array.
      const bytes = (await run('invoicePdf', doc)) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    receiptMail: (input) =>
      run('receiptMail', input) as ReturnType<DocumentRenderer['receiptMail']>,
    creditNoteMail: (input) =>
      run('creditNoteMail', input) as ReturnType<DocumentRenderer['creditNoteMail']>,
    async close() {
      closed = true;
      await Promise.allSettled(unfinished);
      await Promise.all(workers.flatMap((w) => (w ? [w.worker.terminate()] : [])));
    },
  };
}
