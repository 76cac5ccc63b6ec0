/**
 * The console's passkey routes: a logged-in member's own passkeys (list, register, remove), and
 * the login that answers the second factor with one instead of a TOTP code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import {
  CONSOLE_PERMISSIONS,
  consoleRecordSchema,
  noBodySchema,
  noQuerySchema,
  passkeyLoginOptionsSchema,
  passkeyListAnswerSchema,
  passkeyLoginSchema,
  passkeyOptionsAnswerSchema,
  passkeyRegisterSchema,
  consolePasskeySchema,
  staffSessionAnswerSchema,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { consoleGuard, staffOf } from './guard';
import type { Actor } from './orders';
import {
  checkPasskeyLogin,
  listPasskeys,
  loginOptions,
  registerPasskey,
  registrationOptions,
  relyingParty,
  removePasskey,
} from './passkeys';
import type { ConsoleOptions } from './routes';
import { startStaffSession } from './sessions';

/** A ceremony's options as the contract's answer: the library's options, field for field. */
const ceremonyAnswer = ({
  attempt,
  options,
}: {
  attempt: string;
  options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON;
}) => ({ attempt, options: { ...options } });

export function passkeyRoutes(
  app: FastifyInstance,
  db: Database,
  /** The console's origin is the relying party (its host name the RP id). */
  options: Pick<ConsoleOptions, 'idleMs' | 'publicOrigin' | 'loginRateLimit'>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const own = consoleGuard(db, options.idleMs)('any');
  const rp = relyingParty(options.publicOrigin);
  const loginLimit = { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } };
  const actor = (request: FastifyRequest): Actor => ({
    member: staffOf(request),
    address: request.ip,
  });

  api.get(
    '/api/console/passkeys/',
    {
      schema: { querystring: noQuerySchema, response: { 200: passkeyListAnswerSchema } },
      preValidation: own,
    },
    async (request) => ({ passkeys: await listPasskeys(db, staffOf(request)) }),
  );

  api.post(
    '/api/console/passkeys/options/',
    {
      schema: { body: noBodySchema, response: { 200: passkeyOptionsAnswerSchema } },
      preValidation: own,
    },
    async (request) => ceremonyAnswer(await registrationOptions(db, rp, staffOf(request))),
  );

  api.post(
    '/api/console/passkeys/',
    {
      schema: { body: passkeyRegisterSchema, response: { 200: consolePasskeySchema } },
      preValidation: own,
    },
    async (request) => registerPasskey(db, rp, actor(request), request.body),
  );

  api.delete(
    '/api/console/passkeys/:id/',
    { schema: { params: consoleRecordSchema, querystring: noQuerySchema }, preValidation: own },
    async (request, reply) => {
      await removePasskey(db, actor(request), request.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/console/session/passkey/options/',
    {
      schema: {
        body: passkeyLoginOptionsSchema,
        response: { 200: passkeyOptionsAnswerSchema },
      },
      config: loginLimit,
    },
    async (request) => ceremonyAnswer(await loginOptions(db, rp, request.body.email)),
  );

  api.post(
    '/api/console/session/passkey/',
    {
      schema: { body: passkeyLoginSchema, response: { 200: staffSessionAnswerSchema } },
      config: loginLimit,
    },
    async (request, reply) => {
      const member = await checkPasskeyLogin(db, rp, request.body);
      await startStaffSession(db, reply, member, rp.origin.startsWith('https:'));
      return {
        email: member.email,
        role: member.role,
        actions: [...CONSOLE_PERMISSIONS[member.role]],
      };
    },
  );
}
