import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError } from '@checkout/core';
import { DEV_SECRETS, loadEnv, sandboxGatewayOn } from './env';
import { productionEnv, refusal } from './test-env';

/** The start-up refusal, or '' when the configuration is accepted. */
describe('api environment', () => {
  it('works with no configuration: embedded PGlite under ./var on port 4000', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ API_PORT: 4000, PGLITE_DIR: './var/pglite' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(sandboxGatewayOn(env)).toBe(true);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadEnv({ API_PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ API_PORT: 'eighty' })).toThrow(/API_PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    // One connection would hang start-up: the migration lock holds it while migrating needs one.
    expect(() => loadEnv({ DATABASE_POOL_MAX: '1' })).toThrow(/DATABASE_POOL_MAX/);
    // A share above 1 would never trip the decline-storm breaker; a window past the hour kept
    // would read minutes already purged.
    expect(() => loadEnv({ CARD_STORM_DECLINE_SHARE: '1.5' })).toThrow(/CARD_STORM_DECLINE_SHARE/);
    expect(() => loadEnv({ CARD_STORM_WINDOW_MINUTES: '90' })).toThrow(/CARD_STORM_WINDOW_MINUTES/);
  });

  it('prints billing documents in one worker thread unless told how many (0: the api’s own)', () => {
    expect(loadEnv({}).BILLING_RENDER_WORKERS).toBe(1);
    expect(loadEnv({ BILLING_RENDER_WORKERS: '0' }).BILLING_RENDER_WORKERS).toBe(0);
    expect(loadEnv({ BILLING_RENDER_WORKERS: '4' }).BILLING_RENDER_WORKERS).toBe(4);
    expect(() => loadEnv({ BILLING_RENDER_WORKERS: 'two' })).toThrow(/BILLING_RENDER_WORKERS/);
    expect(() => loadEnv({ BILLING_RENDER_WORKERS: '-1' })).toThrow(/BILLING_RENDER_WORKERS/);
    expect(() => loadEnv({ BILLING_RENDER_WORKERS: '65' })).toThrow(/BILLING_RENDER_WORKERS/);
  });
});

describe('production start-up', () => {
  it('starts with a secret of its own for every purpose and an SMTP transport, sandbox off', () => {
    const env = loadEnv(productionEnv());
    expect(env.NODE_ENV).toBe('production');
    expect(sandboxGatewayOn(env)).toBe(false);
    expect(sandboxGatewayOn(loadEnv(productionEnv({ SANDBOX_GATEWAY: 'on' })))).toBe(true);
  });

  it('refuses to start in production with the card-testing defence off', () => {
    expect(refusal(productionEnv({ CARD_TESTING_DEFENCE: 'off' }))).toMatch(
      /CARD_TESTING_DEFENCE\b.*must be on/,
    );
  });

  it("refuses the console's demo admin in production, where anyone could enrol it", () => {
    const token = 'a-demo-admin-token-of-some-length';
    expect(refusal(productionEnv({ CONSOLE_DEMO_ADMIN_TOKEN: token }))).toMatch(
      /CONSOLE_DEMO_ADMIN_TOKEN\b.*must be unset/,
    );
    expect(loadEnv({ CONSOLE_DEMO_ADMIN_TOKEN: token }).CONSOLE_DEMO_ADMIN_TOKEN).toBe(token);
  });

  it('refuses a PGlite template, a test aid, in production', () => {
    const template = '/tmp/template.tar';
    expect(refusal(productionEnv({ PGLITE_TEMPLATE: template }))).toMatch(
      /PGLITE_TEMPLATE\b.*must be unset/,
    );
    expect(loadEnv({ PGLITE_TEMPLATE: template }).PGLITE_TEMPLATE).toBe(template);
  });

  it('refuses a Turnstile siteverify address that is not https in production', () => {
    const verifyUrl = 'http://127.0.0.1:9999/siteverify';
    expect(refusal(productionEnv({ TURNSTILE_VERIFY_URL: verifyUrl }))).toMatch(
      /TURNSTILE_VERIFY_URL\b.*must be https/,
    );
    expect(loadEnv(productionEnv()).TURNSTILE_VERIFY_URL).toBe(
      'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    );
  });

  it.each(DEV_SECRETS)('refuses to start with the development default of %s', (name) => {
    const source = productionEnv();
    delete source[name];
    const message = refusal(source);
    expect(message).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    // The default is public: it is in this repository, so it must not sign anything real.
    expect(message).not.toMatch(/change-me/);
  });

  it.each(DEV_SECRETS)('refuses %s set to any development default, by name only', (name) => {
    const message = refusal(productionEnv({ [name]: 'sandbox-webhook-secret-change-me' }));
    expect(message).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(message).not.toContain('sandbox-webhook-secret-change-me');
  });

  it('refuses a secret shorter than 32 bytes and does not print it', () => {
    const short = 'short-but-sixteen-plus-31-bytes';
    expect(Buffer.byteLength(short)).toBe(31);
    const message = refusal(productionEnv({ CART_SECRET: short }));
    expect(message).toMatch(/^ {2}CART_SECRET\b.*32 bytes/m);
    expect(message).not.toContain(short);
  });

  it('refuses two purposes sharing one secret, naming both', () => {
    const shared = randomBytes(32).toString('hex');
    const message = refusal(productionEnv({ WEBHOOK_SECRET: shared, BANK_LINK_SECRET: shared }));
    expect(message).toMatch(/BANK_LINK_SECRET\b.*WEBHOOK_SECRET/);
    expect(message).not.toContain(shared);
  });

  it('refuses to start without a mail transport, also with an external identity provider', () => {
    const source = productionEnv();
    delete source.SMTP_URL;
    expect(refusal(source)).toMatch(/^ {2}SMTP_URL\b/m);
    // The api still mails receipts, renewal reminders and dunning notices itself.
    expect(refusal({ ...source, OIDC_ISSUER: 'https://login.example.com' })).toMatch(
      /^ {2}SMTP_URL\b.*receipts/m,
    );
  });

  it.each(['production', 'preprod', 'staging'])(
    'runs in production mode with DEPLOY_ENV=%s and no NODE_ENV (an api started on its own)',
    (deployEnv) => {
      const source = productionEnv({ DEPLOY_ENV: deployEnv });
      delete source.NODE_ENV;
      const env = loadEnv(source);
      expect(env.NODE_ENV).toBe('production');
      expect(sandboxGatewayOn(env)).toBe(false);
      // The public development secrets are refused, as with NODE_ENV=production.
      expect(refusal({ DEPLOY_ENV: deployEnv })).toMatch(/^ {2}WEBHOOK_SECRET\b/m);
    },
  );

  it('refuses a development or test NODE_ENV in a production deployment, naming both variables', () => {
    for (const nodeEnv of ['development', 'test']) {
      const message = refusal(productionEnv({ NODE_ENV: nodeEnv, DEPLOY_ENV: 'production' }));
      expect(message).toMatch(/^ {2}NODE_ENV\b.*DEPLOY_ENV/m);
    }
    expect(loadEnv({ DEPLOY_ENV: 'review' }).NODE_ENV).toBe('development');
  });

  it('refuses an unknown DEPLOY_ENV rather than starting locally with public secrets', () => {
    expect(refusal({ DEPLOY_ENV: 'prod' })).toMatch(/^ {2}DEPLOY_ENV\b/m);
  });

  it('lists every problem at once, so one restart fixes them all', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of [...DEV_SECRETS, 'SMTP_URL']) expect(message).toContain(name);
  });
});
