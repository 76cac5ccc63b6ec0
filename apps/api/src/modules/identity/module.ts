/** Wires the built-in identity provider into the api: OIDC endpoints, the screens' calls, its purge. */
import type { FastifyInstance } from 'fastify';
import { STAFF_ISSUER_CALLBACK_PATH } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { ApiEnv } from '../../env';
import type { Jobs } from '../../jobs/queue';
import type { HumanCheck } from '../card-testing/human-check';
import type { Fetch } from '../users/oidc-client';
import { callbackPath } from '../users/routes';
import type { Mailer } from '../../mail/mailer';
import { createProvider } from './provider';
import { endProviderSessions } from './adapter';
import { purgeExpiredIdentity } from './housekeeping';
import { interactionRoutes, mountProvider } from './routes';

export interface EmbeddedIdentity {
  /** Hands the checkout's calls to the provider in-process (no network round trip). */
  fetch: Fetch;
  /** Ends the provider's session of an id token `sid`, so the next login asks again. */
  endSession: (sid: string) => Promise<void>;
}

export interface IdentitySetting {
  db: Database;
  issuer: string;
  env: ApiEnv;
  isBlockedDomain: (domain: string) => boolean;
  humanCheck: HumanCheck;
  /** The api's mail transport (mail/transport.ts). */
  mailer: Mailer;
  jobs: Jobs;
}

export async function identityModule(
  app: FastifyInstance,
  options: IdentitySetting,
): Promise<EmbeddedIdentity> {
  const { db, env, issuer } = options;
  // The provider's expired protocol state, codes and pass tokens go every ten minutes.
  options.jobs.define('identity-housekeeping', () => purgeExpiredIdentity(db));
  options.jobs.every('identity-housekeeping', '*/10 * * * *');
  const provider = await createProvider(db, {
    issuer,
    publicOrigin: env.PUBLIC_ORIGIN,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    callbackUrl: new URL(callbackPath, env.PUBLIC_ORIGIN).toString(),
    staffCallbackUrl: new URL(STAFF_ISSUER_CALLBACK_PATH, env.PUBLIC_ORIGIN).toString(),
    cookieSecret: env.IDENTITY_COOKIE_SECRET,
    secureCookies: new URL(env.PUBLIC_ORIGIN).protocol === 'https:',
  });
  await mountProvider(app, provider);
  interactionRoutes(app, {
    db,
    provider,
    mailer: options.mailer,
    issuer,
    trustedPassSecret: env.TRUSTED_PASS_SECRET,
    loginRateLimit: env.LOGIN_RATE_LIMIT_MAX,
    emailLimit: env.LOGIN_EMAIL_LIMIT,
    isBlockedDomain: options.isBlockedDomain,
    humanCheck: options.humanCheck,
  });
  return {
    async fetch(url, init) {
      const target = new URL(url);
      const headers = Object.fromEntries(new Headers(init.headers as HeadersInit).entries());
      const response = await app.inject({
        method: init.method as 'GET' | 'POST',
        url: `${target.pathname}${target.search}`,
        headers: { ...headers, host: target.host },
        ...(typeof init.body === 'string' || init.body instanceof URLSearchParams
          ? { payload: init.body.toString() }
          : {}),
      });
      return new Response(
        response.statusCode === 204 ? null : new Uint8Array(response.rawPayload),
        {
          status: response.statusCode,
          headers: Object.entries(response.headers).flatMap(([name, value]) =>
            value === undefined ? [] : [[name, String(value)] as [string, string]],
          ),
        },
      );
    },
    endSession: (sid) => endProviderSessions(db, env.OIDC_CLIENT_ID, sid),
  };
}
