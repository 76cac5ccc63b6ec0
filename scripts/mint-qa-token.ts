/**
 * Usage: npx tsx scripts/mint-qa-token.ts <qa-id> [hours=24]
 * Prints a QA token (for `?qa=<token>` links) signed with QA_SECRET from the environment, or
 * with the development secret that local and test deployments accept when QA_SECRET is unset.
 * Production deployments accept tokens only when they have a QA_SECRET, and only theirs.
 */
import { DEVELOPMENT_QA_SECRET, mintQaToken } from '../apps/web/src/server/qa-token';

const [id, hours = '24'] = process.argv.slice(2);
const lifetimeHours = Number(hours);
if (!id || !Number.isFinite(lifetimeHours) || lifetimeHours <= 0 || lifetimeHours > 24 * 30) {
  console.error('usage: npx tsx scripts/mint-qa-token.ts <qa-id> [hours, at most 720]');
  process.exit(2);
}
// A script, not an app: it reads the one variable it signs with, as the web app validates it.
const secret = process.env.QA_SECRET || DEVELOPMENT_QA_SECRET;
if (secret === DEVELOPMENT_QA_SECRET) {
  console.error('QA_SECRET is unset: signed with the development secret (local and test only)');
}
console.log(mintQaToken(secret, id, new Date(Date.now() + lifetimeHours * 3600_000)));
