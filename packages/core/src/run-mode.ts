/** The run mode as both apps see it: which deployments are production, who takes the payments. */

/** Deployments that run in production mode (the api with NODE_ENV=production). */
export const PRODUCTION_DEPLOYS = ['production', 'preprod', 'staging'] as const;

/** Every deployment name either app accepts; anything else (a typo: "prod") stops the start. */
export const DEPLOY_ENVS = [...PRODUCTION_DEPLOYS, 'review', 'local', 'test'] as const;

export function isProductionDeploy(deployEnv: string): boolean {
  return (PRODUCTION_DEPLOYS as readonly string[]).includes(deployEnv);
}

/**
 * Whether the sandbox gateway takes this checkout's payments: always outside production, and in
 * production only with SANDBOX_GATEWAY=on. The checkout then shows a "Test mode" badge, locally
 * too: whoever looks at the page, a developer, a tester or a reviewer shown a local run, should
 * not have to know the configuration to know that no money moves.
 */
export function sandboxTakesPayments(env: { deployEnv: string; sandboxGateway: 'on' | 'off' }) {
  return !isProductionDeploy(env.deployEnv) || env.sandboxGateway === 'on';
}
