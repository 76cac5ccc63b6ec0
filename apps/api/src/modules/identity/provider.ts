/**
 * The built-in identity provider (the account site): oidc-provider configured for our
 * accounts, authorization code flow with PKCE for the first-party checkout client, no consent
 * screen for it, and login/sign-up screens rendered by the web app at /account/login/<uid>/.
 */
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../db/client';
import { escapeHtml } from '../../http/html';
import { accountById } from './accounts';
import { adapterFactory } from './adapter';
import { loadSigningKey } from './signing-key';

export interface IdentityConfig {
  issuer: string;
  publicOrigin: string;
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
  /** Where the console's staff login returns, when this provider serves as the staff issuer. */
  staffCallbackUrl: string;
  cookieSecret: string;
  secureCookies: boolean;
}

const DAY = 24 * 60 * 60;

/** The web app's language prefix for a ui_locales value ("de-DE en" → "/de"), none for English. */
function localePrefix(uiLocales: unknown): string {
  const first = typeof uiLocales === 'string' ? uiLocales.split(' ')[0] : undefined;
  const code = first?.toLowerCase();
  return code && /^[a-z]{2}(-[a-z]{2})?$/.test(code) && code !== 'en' ? `/${code}` : '';
}

export async function createProvider(db: Database, config: IdentityConfig): Promise<Provider> {
  const signingKey = await loadSigningKey(db);
  const configuration: Configuration = {
    adapter: adapterFactory(db),
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        redirect_uris: [config.callbackUrl, config.staffCallbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The checkout reads the e-mail from the id token; it asks for nothing else.
    conformIdTokenClaims: false,
    extraParams: ['trusted_pass_token', 'preferred_flow'],
    // The checkout asks for `sid` in the id token (claims parameter) to end the session on logout.
    features: { devInteractions: { enabled: false }, claimsParameter: { enabled: true } },
    cookies: {
      keys: [config.cookieSecret],
      long: { signed: true, secure: config.secureCookies, sameSite: 'lax' },
      short: { signed: true, secure: config.secureCookies, sameSite: 'lax' },
    },
    jwks: { keys: [signingKey] },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
      Interaction: 60 * 60,
      Session: 14 * DAY,
      Grant: 14 * DAY,
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) =>
        new URL(
          `${localePrefix(interaction.params.ui_locales)}/account/login/${interaction.uid}/`,
          config.publicOrigin,
        ).toString(),
    },
    async findAccount(_ctx, sub) {
      const account = await accountById(db, sub);
      if (!account?.passwordHash && !account?.emailVerifiedAt) return undefined;
      return {
        accountId: account.id,
        claims: () => ({ sub: account.id, email: account.email, email_verified: true }),
      };
    },
    /** The checkout is our own client: its grant is given without a consent screen. */
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const client = oidc.client;
      const session = oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      if (client.clientId !== config.clientId) return undefined;
      const grant = new oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      const text = escapeHtml(String(out.error_description ?? out.error ?? 'error'));
      ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Login error</title><p>${text}</p><p><a href="${config.publicOrigin}/">Back to the checkout</a></p></html>`;
    },
  };
  const provider = new Provider(config.issuer, configuration);
  // Absolute URLs follow X-Forwarded-Proto/Host, which routes.ts sets from the issuer alone.
  provider.proxy = true;
  return provider;
}
