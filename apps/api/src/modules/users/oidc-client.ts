/**
 * The checkout as an OpenID Connect client (openid-client): discovery, the authorization URL
 * with PKCE, state and nonce, and the code exchange. The issuer is the built-in identity
 * provider or any external one (OIDC_ISSUER); for the built-in one, calls to it are handed to
 * the api in-process instead of going out over the network and back.
 */
import * as oidc from 'openid-client';

export type Fetch = (url: string, init: oidc.CustomFetchOptions) => Promise<Response>;

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Replaces the network for calls to the issuer (the built-in provider). */
  fetch?: Fetch;
}

export class OidcClient {
  private config: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: OidcClientOptions) {}

  /** Discovery once, on first use; a failure is retried on the next login. */
  private configuration(): Promise<oidc.Configuration> {
    this.config ??= this.discover().catch((error: unknown) => {
      this.config = undefined;
      throw error;
    });
    return this.config;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, fetch } = this.options;
    const insecure = new URL(issuer).protocol === 'http:';
    return oidc.discovery(
      new URL(issuer),
      clientId,
      undefined,
      oidc.ClientSecretBasic(clientSecret),
      {
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(fetch ? { [oidc.customFetch]: fetch } : {}),
      },
    );
  }

  async authorizationUrl(params: Record<string, string>): Promise<{
    url: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      ...params,
      scope: 'openid email',
      // The provider's session id, so logging out of the checkout ends that session too.
      claims: JSON.stringify({ id_token: { sid: { essential: false } } }),
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.toString(), state, nonce, codeVerifier };
  }

  /** Exchanges the code; returns the id token's subject, e-mail and session id. */
  async exchange(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{
    sub: string;
    email: string;
    sid: string | null;
    /** The issuer says it checked the address (the console's staff issuer requires it). */
    emailVerified: boolean;
    /** How the issuer authenticated the user (RFC 8176 values), when it says. */
    amr: string[];
  }> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || typeof claims.email !== 'string') throw new Error('id token carries no e-mail');
    return {
      sub: claims.sub,
      email: claims.email,
      sid: typeof claims.sid === 'string' ? claims.sid : null,
      emailVerified: claims.email_verified === true,
      amr: Array.isArray(claims.amr) ? claims.amr.filter((m) => typeof m === 'string') : [],
    };
  }
}
