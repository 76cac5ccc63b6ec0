/**
 * The checkout's users calls (spec §7): start a login, finish it at the callback, read the
 * current user, log out (delete the token), and the account dashboard's data.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AppError,
  ERROR_CODES,
  loginCallbackQuerySchema,
  loginRequestSchema,
  noQuerySchema,
  safeRedirectTarget,
  type DashboardView,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { loginRateLimit } from '../../http/rate-limits';
import { ATTEMPT_COOKIE, ATTEMPT_TTL_SECONDS, saveAttempt, takeAttempt } from './attempts';
import type { OidcClient } from './oidc-client';
import {
  clearTokenCookie,
  createSession,
  endSession,
  sessionUser,
  setTokenCookie,
} from './sessions';

export interface UserRouteOptions {
  db: Database;
  client: OidcClient;
  publicOrigin: string;
  allowedOrigins: string[];
  loginRateLimit: number;
  /** Ends the identity provider's own session on logout (built-in provider only). */
  endProviderSession?: (sid: string) => Promise<void>;
  /**
   * An account's orders and subscriptions (orders owns them): given by the caller, so users
   * does not depend on orders, whose carts depend on users' sessions.
   */
  accountHistory: (email: string) => Promise<Omit<DashboardView, 'email'>>;
}

export const callbackPath = '/api/users/auth/callback/';

export function userRoutes(app: FastifyInstance, options: UserRouteOptions): void {
  const { db, client, publicOrigin } = options;
  const secure = new URL(publicOrigin).protocol === 'https:';
  const callbackUrl = new URL(callbackPath, publicOrigin).toString();
  const limited = loginRateLimit(options.loginRateLimit);
  const unauthenticated = () => new AppError(ERROR_CODES.unauthenticated, 'Nobody is logged in.');

  const api = app.withTypeProvider<ZodTypeProvider>();
  // A login may be started with no body at all: the defaults then apply.
  const loginBody = loginRequestSchema.optional().transform((body) => body ?? {});
  const noQuery = { schema: { querystring: noQuerySchema } };

  api.post(
    '/api/users/auth/login/',
    { ...limited, schema: { body: loginBody } },
    async (request, reply) => {
      const { body } = request;
      const loginTarget =
        safeRedirectTarget(body.login_target, publicOrigin, options.allowedOrigins) ??
        new URL('/', publicOrigin).toString();
      const params: Record<string, string> = { redirect_uri: callbackUrl };
      if (body.language) params.ui_locales = body.language;
      if (body.trusted_pass_token) params.trusted_pass_token = body.trusted_pass_token;
      if (body.preferred_flow) params.preferred_flow = body.preferred_flow;
      const { url, ...checks } = await client.authorizationUrl(params);
      const binding = await saveAttempt(db, {
        ...checks,
        loginTarget,
        ownerId: body.owner_id ?? null,
      });
      reply.setCookie(ATTEMPT_COOKIE, binding, {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: '/api/users/auth/',
        maxAge: ATTEMPT_TTL_SECONDS,
      });
      return { redirect_uri: url };
    },
  );

  api.get(
    callbackPath,
    { ...limited, schema: { querystring: loginCallbackQuerySchema } },
    async (request, reply) => {
      reply.clearCookie(ATTEMPT_COOKIE, { path: '/api/users/auth/' });
      const failed = () =>
        reply.redirect(new URL('/oauth2/login/?error=login_failed', publicOrigin).toString(), 303);
      const { state, code } = request.query;
      if (!state) return failed();
      const attempt = await takeAttempt(db, state, request.cookies[ATTEMPT_COOKIE]);
      if (!attempt || !code) return failed();
      try {
        const search = new URL(request.url, publicOrigin).search;
        const identity = await client.exchange(new URL(`${callbackUrl}${search}`), attempt);
        if (attempt.ownerId && attempt.ownerId !== identity.sub) return failed();
        // A fresh session id at every login; the browser's previous one ends.
        await endSession(db, request);
        const token = await createSession(db, {
          id: identity.sub,
          email: identity.email,
          providerSid: identity.sid,
        });
        setTokenCookie(reply, token, secure);
        return reply.redirect(attempt.loginTarget, 303);
      } catch (error) {
        // The logger's error serializer keeps the reason but not the values in it.
        request.log.warn({ err: error }, 'login callback refused');
        return failed();
      }
    },
  );

  api.get('/api/users/current/', noQuery, async (request) => {
    const user = await sessionUser(db, request);
    if (!user) throw unauthenticated();
    return { user: { id: user.id, email: user.email } };
  });

  api.get('/api/users/current/dashboard/', noQuery, async (request) => {
    const user = await sessionUser(db, request);
    if (!user) throw unauthenticated();
    return { email: user.email, ...(await options.accountHistory(user.email)) };
  });

  api.delete('/api/users/tokens/', noQuery, async (request, reply) => {
    const ended = await endSession(db, request);
    if (ended?.providerSid && options.endProviderSession) {
      await options.endProviderSession(ended.providerSid);
    }
    clearTokenCookie(reply, secure);
    return reply.status(204).send();
  });
}
