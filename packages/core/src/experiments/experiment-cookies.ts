/**
 * The experiment cookies (spec §9): `experiment` (what the page shows: the browser's analytics
 * reads it, and server-side api calls carry it as the experiment header), `experiment_global`
 * (assignments of experiments that run in other projects of the site too) and
 * `experiment_local` (this checkout's own). Values are `id:variant` joined with '+'.
 */
import type { Assignments } from './experiment-assignment';
import { experimentTable } from './experiment-table';
import type { Experiment } from './experiments';

export const EXPERIMENT_COOKIE = 'experiment';
export const EXPERIMENT_GLOBAL_COOKIE = 'experiment_global';
export const EXPERIMENT_LOCAL_COOKIE = 'experiment_local';
/** 90 days. */
export const EXPERIMENT_COOKIE_MAX_AGE = 7_776_000;

const ENTRY = /^([a-z0-9][a-z0-9-]{0,62}):([a-z0-9][a-z0-9_-]{0,31})$/;
/** More entries than any visitor can have: the rest of a longer (forged) value is ignored. */
const MAX_ENTRIES = 100;

/**
 * Reads a cookie or header value, or the QA link's `force_experiment` (where a `+` written in the
 * link arrives decoded as a space, so a space separates too); malformed entries are skipped,
 * the first of a repeated id wins.
 */
export function parseAssignments(value: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (value ?? '').split(/[+ ]/).slice(0, MAX_ENTRIES)) {
    const match = ENTRY.exec(part.trim());
    if (match?.[1] && match[2] && !(match[1] in out)) out[match[1]] = match[2];
  }
  return out;
}

export function formatAssignments(assignments: Assignments): string {
  let out = '';
  for (const id in assignments) out += `${out ? '+' : ''}${id}:${assignments[id]}`;
  return out;
}

/** Splits assignments by scope: an experiment allocated to other projects too is global. */
export function splitByScope(
  assignments: Assignments,
  experiments: readonly Experiment[],
): { global: Assignments; local: Assignments } {
  const global: Record<string, string> = {};
  const local: Record<string, string> = {};
  const { byId } = experimentTable(experiments);
  for (const [id, value] of Object.entries(assignments)) {
    // An unknown id stays local: it was set here, if by anything.
    if (byId.get(id)?.global) global[id] = value;
    else local[id] = value;
  }
  return { global, local };
}
