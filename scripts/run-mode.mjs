// The run mode of `npm start`, decided once from DEPLOY_ENV: production for production,
// preprod and staging (the api then runs with NODE_ENV=production and refuses unsafe
// configuration), local otherwise. `next start` always runs the web app with
// NODE_ENV=production, so the web app tells production from DEPLOY_ENV, never from NODE_ENV.

// The same list as packages/core/src/run-mode.ts (a test keeps them equal): this script runs on
// plain node, without TypeScript.
export const PRODUCTION_DEPLOYS = ['production', 'preprod', 'staging'];
const DEPLOYS = [...PRODUCTION_DEPLOYS, 'review', 'local', 'test'];

export class RunModeError extends Error {
  name = 'RunModeError';
}

/**
 * @param {Record<string, string | undefined>} env the start script's environment
 * @returns {{ production: boolean, deployEnv: string, apiNodeEnv: string, banner: string }}
 */
export function runMode(env) {
  const deployEnv = env.DEPLOY_ENV || 'local';
  if (!DEPLOYS.includes(deployEnv)) {
    // A typo ("prod") must not quietly start the local mode with public secrets.
    throw new RunModeError(`DEPLOY_ENV must be one of ${DEPLOYS.join(', ')}`);
  }
  const production = PRODUCTION_DEPLOYS.includes(deployEnv);
  if (!production && env.NODE_ENV === 'production') {
    // Running the api in production while the web app believes it is local would hide the
    // "Test mode" badge logic and the web app's own production rules: one knob, not two.
    throw new RunModeError(
      `NODE_ENV=production with DEPLOY_ENV=${deployEnv}: set DEPLOY_ENV to ${PRODUCTION_DEPLOYS.join(', ')} for a production run, or unset NODE_ENV`,
    );
  }
  if (production) {
    const payments =
      env.SANDBOX_GATEWAY === 'on'
        ? 'payments go to the SANDBOX gateway on purpose (SANDBOX_GATEWAY=on, "Test mode" badge shown)'
        : 'sandbox gateway and mailbox off';
    return {
      production,
      deployEnv,
      apiNodeEnv: 'production',
      banner: `[start] PRODUCTION mode (DEPLOY_ENV=${deployEnv}): real secrets and SMTP_URL required, ${payments}`,
    };
  }
  return {
    production,
    deployEnv,
    apiNodeEnv: env.NODE_ENV || 'development',
    banner: `[start] LOCAL mode (DEPLOY_ENV=${deployEnv}): development secrets, sandbox payment gateway (no money moves), sandbox mailbox at /api/sandbox/mailbox/ — not for real shoppers; see docs/operations/deploying.md`,
  };
}
