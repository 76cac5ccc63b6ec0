// The environments `npm start` gives its two children, from its own environment and run mode.

/**
 * @param {Record<string, string | undefined>} env the start script's environment
 * @param {{ deployEnv: string, apiNodeEnv: string }} mode its run mode (run-mode.mjs)
 */
export function startEnvironments(env, mode) {
  // Empty counts as unset, as in the apps' own environment schemas.
  const webPort = env.WEB_PORT || '3000';
  // Login returns to the checkout's public address: the web app's, unless configured.
  const publicOrigin = env.PUBLIC_ORIGIN || env.SITE_ORIGIN || `http://localhost:${webPort}`;
  const apiUrl = env.API_URL || `http://127.0.0.1:${env.API_PORT || '4000'}`;
  return {
    webPort,
    apiUrl,
    api: { ...env, NODE_ENV: mode.apiNodeEnv, PUBLIC_ORIGIN: publicOrigin },
    // Next always runs as NODE_ENV=production; DEPLOY_ENV tells the web app its run mode. The
    // web app forwards /api/* to API_URL: without it, an api moved by API_PORT alone was never
    // reached (the web app kept its default, :4000).
    web: {
      ...env,
      NODE_ENV: 'production',
      DEPLOY_ENV: mode.deployEnv,
      WEB_PORT: webPort,
      API_URL: apiUrl,
    },
  };
}
