/**
 * The experiments this web node assigns from: read from the api (`GET /api/experiments/`) and
 * kept in memory for CATALOG_REFRESH_MS, so assignment in the proxy never waits for the network.
 * Until the first answer arrives (a few milliseconds after start) visitors get no experiments.
 */
import 'server-only';
import {
  experimentListSchema,
  parseExperimentRows,
  type Experiment,
} from '@checkout/core/experiments';
import { INTERNAL_TOKEN_HEADER } from '@checkout/core/contract';
import { env } from '../env.server';
import { request } from '../lib/http';

/** After a failed read, the next request tries again no sooner than this. */
const RETRY_MS = 1_000;

let current: readonly Experiment[] = [];
let nextReadAt = 0;
let reading = false;
/**
 * Whether the last read failed: the outage is logged when it starts and when it ends, not at
 * every retry (a web node started before its api would otherwise log a line a second).
 */
let unavailable = false;

async function read(): Promise<void> {
  reading = true;
  try {
    const { data: body, error } = await request('/api/experiments/', {
      answer: experimentListSchema,
      baseUrl: env.API_URL,
      // The definitions (rules, weights, redirects) are for this server, not for the public.
      headers: { [INTERNAL_TOKEN_HEADER]: env.INTERNAL_API_TOKEN },
      signal: AbortSignal.timeout(5_000),
    });
    if (!body) throw error ?? new Error('experiments: the api answered no content');
    // Each row checked on its own, as the api does: one bad row never hides the others.
    const { experiments, refused } = parseExperimentRows(
      body.experiments.map((definition) => {
        const id = (definition as { id?: unknown } | null)?.id;
        return { id: typeof id === 'string' ? id : '?', definition };
      }),
    );
    for (const r of refused) console.warn('experiment refused', r.id, r.reason);
    current = experiments;
    if (unavailable) console.warn('experiments available again');
    unavailable = false;
    nextReadAt = env.CATALOG_REFRESH_MS > 0 ? Date.now() + env.CATALOG_REFRESH_MS : Infinity;
  } catch (error) {
    if (!unavailable) {
      console.warn('experiments unavailable', error instanceof Error ? error.message : error);
    }
    unavailable = true;
    nextReadAt = Date.now() + RETRY_MS;
  } finally {
    reading = false;
  }
}

/** The experiments as last read; starts a background read when they are due. */
export function currentExperiments(now = Date.now()): readonly Experiment[] {
  if (!reading && now >= nextReadAt) void read();
  return current;
}
