#!/usr/bin/env node
// Fails when the first-load JavaScript (gzip) of any page of the web app's production build is
// more than 5 % over its budget in bench/page-budgets.json; prints one JSON line per page.
//   node scripts/check-page-budgets.mjs            builds when the sources changed, then checks
//   node scripts/check-page-budgets.mjs --write    writes the current sizes as the new budgets
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { comparePageBudgets, measureFirstLoadJs, TOLERANCE } from './page-budgets.mjs';
import { buildWebIfNeeded, root, webDir } from './web-build.mjs';

const budgetFile = path.join(root, 'bench/page-budgets.json');

await buildWebIfNeeded('budget');
const measured = measureFirstLoadJs(path.join(webDir, '.next'));

if (process.argv.includes('--write')) {
  const pages = Object.fromEntries(
    Object.entries(measured).map(([route, { jsGzipBytes }]) => [route, jsGzipBytes]),
  );
  const file = {
    about:
      'First-load JavaScript per page, gzip bytes, of the production build (scripts/check-page-budgets.mjs). npm test fails when a page grows more than 5 % over its number; regenerate with --write when a growth is intended.',
    pages,
  };
  writeFileSync(budgetFile, `${JSON.stringify(file, null, 2)}\n`);
  console.log(
    `[budget] wrote ${Object.keys(pages).length} page budgets to bench/page-budgets.json`,
  );
  process.exit(0);
}

const { pages: budgets } = JSON.parse(readFileSync(budgetFile, 'utf8'));
const { ok, rows, failures } = comparePageBudgets(measured, budgets, TOLERANCE);
for (const row of rows) console.log(JSON.stringify({ bench: 'page-budget', ...row }));
if (!ok) {
  for (const failure of failures) console.error(`[budget] ${failure}`);
  process.exit(1);
}
console.log(
  `[budget] ${rows.length} pages within ${Math.round(TOLERANCE * 100)} % of their budgets`,
);
