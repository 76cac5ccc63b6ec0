// The environments `npm start` gives its two children, from its own environment and run mode.

/** A variable `npm start` cannot start with; the message names it. */
export class StartError extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '']);

/** A port variable's value (its default when unset or empty), refused unless 1…65535. */
function port(env, name, fallback) {
  const raw = env[name] || fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 65535) {
    throw new StartError(`${name} must be a port number from 1 to 65535`);
  }
  return raw;
}

/**
 * @param {Record<string, string | undefined>} env the start script's environment
 * @param {{ deployEnv: string, apiNodeEnv: string }} mode its run mode (run-mode.mjs)
 */
export function startEnvironments(env, mode) {
  // Empty counts as unset, as in the apps' own environment schemas.
  const webPort = port(env, 'WEB_PORT', '3000');
  const apiPort = port(env, 'API_PORT', '4000');
  // Login returns to the checkout's public address: the web app's, unless configured.
  const publicOrigin = env.PUBLIC_ORIGIN || env.SITE_ORIGIN || `http://localhost:${webPort}`;
  const apiUrl = env.API_URL || `http://127.0.0.1:${apiPort}`;
  const target = URL.canParse(apiUrl) ? new URL(apiUrl) : null;
  // An API_URL on this machine that is not the started api's port reaches nothing (or another
  // checkout's api): refused at once instead of a readiness check that waits two minutes.
  if (target && LOOPBACK.has(target.hostname) && (target.port || '80') !== apiPort) {
    throw new StartError(
      `API_URL ${apiUrl} is on this machine but not on API_PORT ${apiPort}, where npm start runs the api`,
    );
  }
  const apiHost = env.API_HOST ?? '';
  // The readiness check asks the api this command starts, wherever API_URL leads the web app.
  const probeHost = ANY_ADDRESS.has(apiHost) ? '127.0.0.1' : apiHost;
  const apiProbe = `http://${probeHost.includes(':') ? `[${probeHost}]` : probeHost}:${apiPort}`;
  return {
    webPort,
    apiUrl,
    apiProbe,
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
