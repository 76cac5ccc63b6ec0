/**
 * A worker thread of billing's render pool (render-pool.ts): prints what it is sent with the
 * api's own renderer and answers each job by its id, with the result or the error.
 */
import { parentPort } from 'node:worker_threads';
import { renderInThread, type DocumentRenderer } from './document-renderer';

export interface RenderJob {
  id: number;
  task: keyof DocumentRenderer;
  input: unknown;
}

export type RenderAnswer = { id: number; value: unknown } | { id: number; error: unknown };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread of render-pool.ts');

port.on('message', ({ id, task, input }: RenderJob) => {
  const render = renderInThread[task] as (input: unknown) => Promise<unknown>;
  render(input).then(
    (value) => port.postMessage({ id, value } satisfies RenderAnswer),
    (error: unknown) => port.postMessage({ id, error } satisfies RenderAnswer),
  );
});
