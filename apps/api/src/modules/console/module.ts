/** Wires the operators' console into the api (issue 33): its routes over the other modules. */
import type { FastifyInstance } from 'fastify';
import type { ApiEnv } from '../../env';
import type { CustomerDeps } from './customers';
import type { ConsoleOrderDeps } from './orders';
import { catalogRoutes } from './catalog-routes';
import { experimentRoutes } from './experiment-routes';
import { funnelRoutes } from './funnel-routes';
import { passkeyRoutes } from './passkey-routes';
import { consoleRoutes } from './routes';
import { offerDemoAdmin } from './staff';
import { staffRoutes } from './staff-routes';
import { consoleIssuerConfig } from '../../provider-settings/staff-issuer';
import { staffIssuerRoutes } from './staff-issuer-routes';
import { OidcClient } from '../users/oidc-client';

export type ConsoleSetting = ConsoleOrderDeps & CustomerDeps & { env: ApiEnv };

export async function consoleModule(
  app: FastifyInstance,
  { env, ...deps }: ConsoleSetting,
): Promise<void> {
  consoleRoutes(app, deps, {
    idleMs: env.CONSOLE_IDLE_MINUTES * 60_000,
    publicOrigin: env.PUBLIC_ORIGIN,
    loginRateLimit: env.LOGIN_RATE_LIMIT_MAX,
  });
  passkeyRoutes(app, deps.db, {
    idleMs: env.CONSOLE_IDLE_MINUTES * 60_000,
    publicOrigin: env.PUBLIC_ORIGIN,
    loginRateLimit: env.LOGIN_RATE_LIMIT_MAX,
  });
  catalogRoutes(app, deps, env.CONSOLE_IDLE_MINUTES * 60_000);
  staffRoutes(app, deps.db, env.CONSOLE_IDLE_MINUTES * 60_000);
  experimentRoutes(app, deps.db, env.CONSOLE_IDLE_MINUTES * 60_000);
  funnelRoutes(app, deps.db, env.CONSOLE_IDLE_MINUTES * 60_000);
  const issuer = consoleIssuerConfig(env);
  staffIssuerRoutes(app, {
    db: deps.db,
    client: issuer && new OidcClient(issuer),
    issuerName: issuer && new URL(issuer.issuer).host,
    publicOrigin: env.PUBLIC_ORIGIN,
    loginRateLimit: env.LOGIN_RATE_LIMIT_MAX,
  });
  // loadEnv refuses the demo admin in production.
  if (env.CONSOLE_DEMO_ADMIN_TOKEN) await offerDemoAdmin(deps.db, env.CONSOLE_DEMO_ADMIN_TOKEN);
}
