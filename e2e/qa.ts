/** QA links in the browser tests: the suite runs locally, where the development secret signs. */
import { DEVELOPMENT_QA_SECRET, mintQaToken } from '../apps/web/src/server/qa-token';

export function qaToken(id = 'e2e'): string {
  return mintQaToken(DEVELOPMENT_QA_SECRET, id, new Date(Date.now() + 3600_000));
}
