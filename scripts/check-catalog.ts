/** Usage: npx tsx scripts/check-catalog.ts de fr …  — prints the problems of each catalog. */
import { readFileSync } from 'node:fs';
import { checkCatalog } from '../apps/web/src/i18n/catalog-check';

const read = (code: string): Parameters<typeof checkCatalog>[0] =>
  JSON.parse(readFileSync(`apps/web/messages/${code}.json`, 'utf8')) as Parameters<
    typeof checkCatalog
  >[0];

const english = read('en');
let failed = false;
for (const code of process.argv.slice(2)) {
  const problems = checkCatalog(english, read(code), code);
  failed ||= problems.length > 0;
  console.log(problems.length ? problems.join('\n') : `${code}: ok`);
}
process.exit(failed ? 1 : 0);
