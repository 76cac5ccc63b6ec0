/**
 * Usage: npx tsx scripts/mint-trusted-pass.ts <account-id>
 * Prints a trusted pass token for the account, as the desktop app mints them, signed with
 * TRUSTED_PASS_SECRET for the issuer of PUBLIC_ORIGIN (both from the environment or defaults).
 */
import { loadEnv } from '../apps/api/src/env';
import { mintTrustedPass } from '../apps/api/src/modules/identity/trusted-pass';

const accountId = process.argv[2];
if (!accountId) {
  console.error('usage: npx tsx scripts/mint-trusted-pass.ts <account-id>');
  process.exit(2);
}
const env = loadEnv();
const issuer = env.OIDC_ISSUER ?? new URL('/oidc', env.PUBLIC_ORIGIN).toString();
console.log(await mintTrustedPass(env.TRUSTED_PASS_SECRET, issuer, accountId));
