/** Test helper: a production configuration that starts (a random secret per purpose, SMTP). */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { EnvError } from '@checkout/core';
import { DEV_SECRETS, loadEnv } from './env';

export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const secrets = Object.fromEntries(
    DEV_SECRETS.map((name) => [name, randomBytes(32).toString('base64url')]),
  );
  return {
    NODE_ENV: 'production',
    ...secrets,
    SMTP_URL: 'smtp://mailer.internal:587',
    MAIL_FROM: 'Aegis <no-reply@aegis.example>',
    ...overrides,
  };
}

/** Why `loadEnv` refuses the variables (its EnvError's message), or '' when it starts. */
export function refusal(source: Record<string, string | undefined>): string {
  try {
    loadEnv(source);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).message;
  }
}
