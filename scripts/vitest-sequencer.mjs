// The order Vitest starts the test files in. Without the timings of an earlier run (a clean
// clone on CI has none) Vitest starts the largest files first, so a short file that runs long
// (one that starts processes and waits on them) started last and ran alone while the other
// worker sat idle. The files named here start first, in this order; the rest keep Vitest's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer } from 'vitest/node';

/**
 * Short files that run long, longest first (they start processes, or open PGlite folders that
 * start from no template): in a run without timings on this machine's 2 cores Vitest started
 * them at 68 % (decline-storm), 92 % (pglite-lock) and 94 % (renewal-processes, which starts
 * PostgreSQL and two api processes) of the run, and the run ended with renewal-processes.
 */
export const startFirst = [
  'apps/api/src/modules/renewals/renewal-processes.test.ts',
  'apps/api/src/db/pglite-lock.test.ts',
  'apps/api/src/modules/card-testing/decline-storm.test.ts',
];

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `files` in their order, but the ones named in `first` ahead of the rest, in `first`'s order. */
export function withFirst(files, first) {
  const rank = (file) => {
    const at = first.indexOf(path.relative(root, file.moduleId));
    return at < 0 ? first.length : at;
  };
  return files
    .map((file, at) => ({ file, at }))
    .sort((a, b) => rank(a.file) - rank(b.file) || a.at - b.at)
    .map(({ file }) => file);
}

export class LongFirstSequencer extends BaseSequencer {
  async sort(files) {
    return withFirst(await super.sort(files), startFirst);
  }
}
