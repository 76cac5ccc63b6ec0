/**
 * The console's staff issuer (docs/decisions/013): an external OpenID Connect issuer staff may
 * log in through. All three variables or none; production wants it over https and a secret that
 * is not the shoppers' client's.
 */
import { z } from 'zod';
import { emptyAsUndefined } from '@checkout/core';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

const REQUIRED = [
  'CONSOLE_OIDC_ISSUER',
  'CONSOLE_OIDC_CLIENT_ID',
  'CONSOLE_OIDC_CLIENT_SECRET',
] as const;

export const consoleIssuerEnvShape = {
  /** The issuer's URL (its discovery document is under /.well-known/openid-configuration). */
  CONSOLE_OIDC_ISSUER: optional(z.url({ protocol: /^https?$/ })),
  CONSOLE_OIDC_CLIENT_ID: optional(z.string().min(1).max(200)),
  CONSOLE_OIDC_CLIENT_SECRET: optional(z.string().min(16).max(512)),
};

type IssuerEnv = {
  [K in keyof typeof consoleIssuerEnvShape]?: z.infer<(typeof consoleIssuerEnvShape)[K]>;
} & { NODE_ENV: string; OIDC_CLIENT_SECRET: string };

export interface ConsoleIssuerConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The issues that stop start-up: half a configuration; production over http or a shared secret. */
export function refuseConsoleIssuerHalfways(
  env: IssuerEnv,
  refuse: (name: string, message: string) => void,
): void {
  const missing = REQUIRED.filter((name) => env[name] === undefined);
  if (missing.length === REQUIRED.length) return;
  for (const name of missing) refuse(name, 'is required with the other CONSOLE_OIDC_ variables');
  if (env.NODE_ENV !== 'production') return;
  if (env.CONSOLE_OIDC_ISSUER?.startsWith('http:')) {
    refuse('CONSOLE_OIDC_ISSUER', 'must be https in production');
  }
  if (env.CONSOLE_OIDC_CLIENT_SECRET === env.OIDC_CLIENT_SECRET) {
    refuse('CONSOLE_OIDC_CLIENT_SECRET', 'has the same value as OIDC_CLIENT_SECRET');
  }
}

/** The staff issuer, when the operator configured one. */
export function consoleIssuerConfig(env: IssuerEnv): ConsoleIssuerConfig | undefined {
  const { CONSOLE_OIDC_ISSUER, CONSOLE_OIDC_CLIENT_ID, CONSOLE_OIDC_CLIENT_SECRET } = env;
  if (!CONSOLE_OIDC_ISSUER || !CONSOLE_OIDC_CLIENT_ID || !CONSOLE_OIDC_CLIENT_SECRET) return;
  return {
    issuer: CONSOLE_OIDC_ISSUER,
    clientId: CONSOLE_OIDC_CLIENT_ID,
    clientSecret: CONSOLE_OIDC_CLIENT_SECRET,
  };
}
