/** `npm run check:tables`: fails when a table is written outside the module that owns it. */
import { checkTableWriters } from './table-writers.mjs';

const { owners, problems } = await checkTableWriters();
for (const problem of problems) console.error(`foreign write: ${problem}`);
console.log(
  `${owners.byName.size} tables, ${problems.length} foreign write(s): ${problems.length ? 'FAIL' : 'ok'}`,
);
process.exitCode = problems.length ? 1 : 0;
