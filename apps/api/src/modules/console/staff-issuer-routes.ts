/**
 * The console's login through the staff issuer (staff-issuer.ts): whether there is one, the
 * start, the issuer's callback (which sends the browser back to the login screen or into the
 * console), and the second factor after it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginCallbackQuerySchema,
  noQuerySchema,
  staffIssuerAnswerSchema,
  staffIssuerCodeSchema,
  staffIssuerLoginSchema,
  staffIssuerRedirectSchema,
  staffSessionAnswerSchema,
  CONSOLE_PERMISSIONS,
  STAFF_ISSUER_CALLBACK_PATH,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { OidcClient } from '../users/oidc-client';
import { startStaffSession } from './sessions';
import {
  finishIssuerLogin,
  ISSUER_LOGIN_TTL_MS,
  issuerSecondFactor,
  startIssuerLogin,
} from './staff-issuer';

const ISSUER_COOKIE = 'console_issuer';
const COOKIE_PATH = '/api/console/issuer/';

export interface StaffIssuerRouteOptions {
  db: Database;
  /** Unset: no staff issuer; the routes say so, and a login through one is a 404. */
  client: OidcClient | undefined;
  /** The issuer's host, as the login screen names it. */
  issuerName: string | undefined;
  publicOrigin: string;
  loginRateLimit: number;
}

export function staffIssuerRoutes(app: FastifyInstance, options: StaffIssuerRouteOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, client, publicOrigin } = options;
  const secure = publicOrigin.startsWith('https:');
  const callbackUrl = new URL(STAFF_ISSUER_CALLBACK_PATH, publicOrigin).toString();
  const limited = {
    config: { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
  };
  const cookie = {
    path: COOKIE_PATH,
    httpOnly: true,
    // The issuer's redirect back is a top-level navigation from its site: Strict would drop it.
    sameSite: 'lax',
    secure,
  } as const;

  api.get(
    '/api/console/issuer/',
    { schema: { querystring: noQuerySchema, response: { 200: staffIssuerAnswerSchema } } },
    () => ({ issuer: client ? (options.issuerName ?? null) : null }),
  );

  if (!client) return;

  api.post(
    '/api/console/issuer/login/',
    {
      ...limited,
      schema: { body: staffIssuerLoginSchema, response: { 200: staffIssuerRedirectSchema } },
    },
    async (request, reply) => {
      const started = await startIssuerLogin(db, client, callbackUrl, request.body.lang);
      reply.setCookie(ISSUER_COOKIE, started.binding, {
        ...cookie,
        maxAge: ISSUER_LOGIN_TTL_MS / 1000,
      });
      return { redirectUrl: started.redirectUrl };
    },
  );

  api.get(
    STAFF_ISSUER_CALLBACK_PATH,
    { ...limited, schema: { querystring: loginCallbackQuerySchema } },
    async (request, reply) => {
      const back = (lang: string, query: string) =>
        reply.redirect(new URL(`/console/${lang}/${query}`, publicOrigin).toString(), 303);
      try {
        const search = new URL(request.url, publicOrigin).search;
        const result = await finishIssuerLogin(
          db,
          client,
          {
            binding: request.cookies[ISSUER_COOKIE],
            state: request.query.state,
            callbackUrl: new URL(`${callbackUrl}${search}`),
          },
          { issuer: options.issuerName ?? '', address: request.ip },
        );
        if (result.outcome !== 'code') reply.clearCookie(ISSUER_COOKIE, { path: COOKIE_PATH });
        if (result.outcome !== 'session') return back(result.lang, `?issuer=${result.outcome}`);
        await startStaffSession(db, reply, result.member, secure);
        return back(result.lang, 'orders/');
      } catch (error) {
        // The logger's error serializer keeps the reason but not the values in it.
        request.log.warn({ err: error }, 'staff issuer callback refused');
        reply.clearCookie(ISSUER_COOKIE, { path: COOKIE_PATH });
        return back('en', '?issuer=failed');
      }
    },
  );

  api.post(
    '/api/console/issuer/code/',
    {
      ...limited,
      schema: { body: staffIssuerCodeSchema, response: { 200: staffSessionAnswerSchema } },
    },
    async (request, reply) => {
      const member = await issuerSecondFactor(
        db,
        request.cookies[ISSUER_COOKIE],
        request.body.code,
      );
      reply.clearCookie(ISSUER_COOKIE, { path: COOKIE_PATH });
      await startStaffSession(db, reply, member, secure);
      return {
        email: member.email,
        role: member.role,
        actions: [...CONSOLE_PERMISSIONS[member.role]],
      };
    },
  );
}
