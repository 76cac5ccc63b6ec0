/**
 * `npm run report:experiments [-- --weights "exp=a:50,b:50" --out var/experiment-report.html]`
 * Reads the collector's exposures and conversions and the experiments table (DATABASE_URL, else
 * the embedded database in PGLITE_DIR, refused while the api holds it), prints the table
 * and writes the HTML report. The sample-ratio check uses each experiment's configured weights
 * and allocation; `--weights` overrides them per experiment (a split that changed mid-test).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/client';
import { loadEnv } from '../apps/api/src/env';
import { loadExperimentCounts } from '../apps/api/src/modules/analytics/experiment-results';
import {
  configuredWeights,
  experimentResults,
  formatTable,
  loadConfiguredExperiments,
  parseWeights,
  renderReport,
} from './experiment-report';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

const env = loadEnv(process.env);
const out = option('out') ?? 'var/experiment-report.html';
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
try {
  const results = experimentResults(await loadExperimentCounts(database.db), {
    ...configuredWeights(await loadConfiguredExperiments(database.db)),
    ...parseWeights(option('weights') ?? ''),
  });
  console.log(formatTable(results) || 'No exposures recorded yet.');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, renderReport(results, new Date()));
  console.log(`HTML report: ${out}`);
} finally {
  await database.close();
}
