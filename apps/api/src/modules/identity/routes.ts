/**
 * The identity provider's HTTP surface: the OIDC endpoints under /oidc/* (oidc-provider's own
 * Koa app, given the raw request), and the JSON calls behind the login and sign-up screens.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import type { z } from 'zod';
import {
  AppError,
  credentialsSchema,
  ERROR_CODES,
  interactionParamsSchema,
  noQuerySchema,
  signupSchema,
  verifySchema,
  type InteractionView,
} from '@checkout/core/contract';
import { validateEmail } from '@checkout/core';
import type { Database } from '../../db/client';
import { loginRateLimit } from '../../http/rate-limits';
import { challengeFailed, challengeRequired } from '../card-testing/card-guard';
import type { HumanCheck } from '../card-testing/human-check';
import { solutionOf } from '../card-testing/module';
import { endAccountSessions } from '../users/sessions';
import { accountByEmail, claimAccount, withinEmailLimit } from './accounts';
import { endAccountProviderState } from './adapter';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import {
  accountExistsMail,
  codesLockedMail,
  noAccountMail,
  mailLocale,
  resetCodeMail,
  signupCodeMail,
} from './signup-mails';
import { issueSignupCode, redeemSignupCode, type IssuedCode } from './signup-codes';
import { redeemTrustedPass } from './trusted-pass';

export interface IdentityRouteOptions {
  db: Database;
  provider: Provider;
  mailer: Mailer;
  issuer: string;
  trustedPassSecret: string;
  loginRateLimit: number;
  emailLimit: number;
  /** What a call past the per-e-mail limit must solve. */
  humanCheck: HumanCheck;
  isBlockedDomain: (domain: string) => boolean;
}

const MOUNT = '/oidc';

export async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  // oidc-provider builds its endpoints' URLs (discovery, redirects) from the request's host:
  // they come from the issuer (PUBLIC_ORIGIN) only, never from a Host a client chose, which a
  // cache would otherwise keep and hand to everyone.
  const issuer = new URL(provider.issuer);
  await app.register((scope, _options, done) => {
    // oidc-provider reads request bodies itself: leave the stream unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(MOUNT.length) || '/';
      raw.headers.host = issuer.host;
      raw.headers['x-forwarded-host'] = issuer.host;
      raw.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
      void callback(raw, reply.raw);
    };
    // oidc-provider parses and checks its own requests (it is given the unread stream).
    const options = { config: { validatedBy: 'oidc-provider' as const } };
    scope.all(MOUNT, options, forward);
    scope.all(`${MOUNT}/*`, options, forward);
    done();
  });
}

/** The mail of a new code, or, while the address's tries are used up, why none came. */
const codeMail = (
  email: string,
  issued: IssuedCode,
  mailOf: (to: string, code: string) => MailMessage,
) => ('code' in issued ? mailOf(email, issued.code) : codesLockedMail(email, issued.lockedUntil));

const invalidCredentials = () =>
  new AppError(ERROR_CODES.invalidCredentials, 'The e-mail or password is not right.');

export function interactionRoutes(app: FastifyInstance, options: IdentityRouteOptions): void {
  const { db, provider } = options;
  const limited = loginRateLimit(options.loginRateLimit);
  // The checkout's login page, on the origin the provider is served from.
  const loginUrl = new URL('/login/', options.issuer).toString();

  async function interactionOf(uid: string) {
    const interaction = /^[\w-]{10,64}$/.test(uid)
      ? await provider.Interaction.find(uid)
      : undefined;
    if (!interaction || interaction.prompt.name !== 'login') {
      throw new AppError(
        ERROR_CODES.interactionExpired,
        'This login has expired. Start again from the checkout.',
      );
    }
    return interaction;
  }

  /** Completes the login step; the browser continues at the returned address. */
  async function finish(uid: string, accountId: string): Promise<{ redirect_to: string }> {
    const interaction = await interactionOf(uid);
    interaction.result = { login: { accountId } };
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    return { redirect_to: interaction.returnTo };
  }

  /**
   * Past the per-e-mail limit a call needs a solved challenge rather than a hard refusal: a
   * guesser pays for every further try, and the owner, who solves it once, is never locked out.
   */
  async function checkEmailLimit(request: FastifyRequest, email: string) {
    if (await withinEmailLimit(db, email, options.emailLimit)) return;
    const solution = solutionOf(request.headers);
    if (!solution) throw challengeRequired();
    if (!(await options.humanCheck.verify(solution, request.ip))) throw challengeFailed();
  }

  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = interactionParamsSchema;
  /** A step of the login or sign-up screen: its interaction in the path, its fields in the body. */
  const step = <Body extends z.ZodType>(body: Body) => ({ ...limited, schema: { params, body } });

  api.get(
    '/api/identity/interactions/:uid/',
    { schema: { params, querystring: noQuerySchema } },
    async (request) => {
      const interaction = await interactionOf(request.params.uid);
      const { params } = interaction;
      if (typeof params.trusted_pass_token === 'string') {
        const accountId = await redeemTrustedPass(
          db,
          options.trustedPassSecret,
          options.issuer,
          params.trusted_pass_token,
        );
        if (accountId) {
          const done = await finish(request.params.uid, accountId);
          return { kind: 'done', ...done } satisfies InteractionView;
        }
      }
      return {
        kind: 'prompt',
        screen: params.preferred_flow === 'signup' ? 'signup' : 'login',
        email: typeof params.login_hint === 'string' ? params.login_hint : null,
      } satisfies InteractionView;
    },
  );

  api.post('/api/identity/interactions/:uid/login', step(credentialsSchema), async (request) => {
    await interactionOf(request.params.uid);
    const { email, password } = request.body;
    await checkEmailLimit(request, email);
    const account = await accountByEmail(db, email);
    // Same work whether or not the account exists: no timing hint of who has one.
    const valid = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
    if (!account?.passwordHash || !valid) throw invalidCredentials();
    return finish(request.params.uid, account.id);
  });

  /**
   * The e-mail and new password of a sign-up or a reset, checked; the password is hashed before
   * anyone looks the address up, so the answer takes as long whether or not it has an account.
   */
  async function proposedCredentials(
    request: FastifyRequest,
    uid: string,
    { email, password }: z.output<typeof signupSchema>,
  ) {
    const interaction = await interactionOf(uid);
    const problem = validateEmail(email, options.isBlockedDomain);
    if (problem) {
      throw new AppError(ERROR_CODES.validation, 'Email is not valid', [
        { path: 'email', message: problem },
      ]);
    }
    await checkEmailLimit(request, email);
    const passwordHash = await hashPassword(password);
    const locale = mailLocale(interaction.params.ui_locales);
    return { email, passwordHash, locale, account: await accountByEmail(db, email) };
  }

  api.post('/api/identity/interactions/:uid/signup', step(signupSchema), async (request) => {
    const { email, passwordHash, locale, account } = await proposedCredentials(
      request,
      request.params.uid,
      request.body,
    );
    if (account?.passwordHash) {
      // The same answer as for a new address; the owner is told by mail, with the way in.
      await options.mailer.send(accountExistsMail(email, loginUrl));
    } else {
      const issued = await issueSignupCode(db, email, passwordHash);
      await options.mailer.send(codeMail(email, issued, signupCodeMail(locale)));
    }
    return { screen: 'verify', email };
  });

  /** A forgotten password: the new one takes effect when the mailed code is confirmed. */
  api.post('/api/identity/interactions/:uid/reset', step(signupSchema), async (request) => {
    const { email, passwordHash, locale, account } = await proposedCredentials(
      request,
      request.params.uid,
      request.body,
    );
    if (account) {
      const issued = await issueSignupCode(db, email, passwordHash);
      await options.mailer.send(codeMail(email, issued, resetCodeMail(locale)));
    } else {
      await options.mailer.send(noAccountMail(email, loginUrl));
    }
    return { screen: 'verify', email };
  });

  api.post('/api/identity/interactions/:uid/verify', step(verifySchema), async (request) => {
    await interactionOf(request.params.uid);
    const { email, code } = request.body;
    await checkEmailLimit(request, email);
    const redeemed = await redeemSignupCode(db, email, code);
    if (!('passwordHash' in redeemed)) {
      // The owner learns of the lock by mail; the screen answers as for any wrong code.
      if (redeemed.refused === 'locked' && redeemed.justLocked) {
        await options.mailer.send(codesLockedMail(email, redeemed.lockedUntil));
      }
      throw new AppError(ERROR_CODES.invalidCode, 'The code is not right or has expired.');
    }
    const { passwordHash } = redeemed;
    // A new password (a reset) ends every session from before it, here and at the checkout: a
    // thief logged in with the old one is logged out. The new login starts after this.
    const account = await db.transaction(async (tx) => {
      const claimed = await claimAccount(tx, email, passwordHash);
      await endAccountProviderState(tx, claimed.id);
      await endAccountSessions(tx, claimed.id);
      return claimed;
    });
    return finish(request.params.uid, account.id);
  });
}
