import { describe, expect, it } from 'vitest';
import { PRODUCTION_DEPLOYS as CORE_PRODUCTION_DEPLOYS } from '@checkout/core';
import { PRODUCTION_DEPLOYS, runMode, RunModeError } from './run-mode.mjs';

describe('run mode of npm start', () => {
  it('runs locally with no configuration, and says so: development secrets, sandbox, mailbox', () => {
    const mode = runMode({});
    expect(mode).toMatchObject({
      production: false,
      deployEnv: 'local',
      apiNodeEnv: 'development',
    });
    expect(mode.banner).toMatch(/LOCAL mode/);
    expect(mode.banner).toMatch(/development secrets/);
    expect(mode.banner).toMatch(/sandbox payment gateway/);
    expect(mode.banner).toMatch(/sandbox mailbox/);
  });

  it.each(['production', 'preprod', 'staging'])(
    'runs the api with NODE_ENV=production for DEPLOY_ENV=%s',
    (deployEnv) => {
      const mode = runMode({ DEPLOY_ENV: deployEnv });
      expect(mode).toMatchObject({ production: true, apiNodeEnv: 'production' });
      expect(mode.banner).toMatch(/PRODUCTION mode/);
      expect(mode.banner).toMatch(/sandbox gateway and mailbox off/);
    },
  );

  it('stays production even when NODE_ENV says development', () => {
    expect(runMode({ DEPLOY_ENV: 'production', NODE_ENV: 'development' }).apiNodeEnv).toBe(
      'production',
    );
  });

  it('says when a production deployment takes payments through the sandbox on purpose', () => {
    const mode = runMode({ DEPLOY_ENV: 'staging', SANDBOX_GATEWAY: 'on' });
    expect(mode.banner).toMatch(/SANDBOX gateway on purpose/);
  });

  it.each(['review', 'test', 'local'])('keeps DEPLOY_ENV=%s local', (deployEnv) => {
    expect(runMode({ DEPLOY_ENV: deployEnv })).toMatchObject({
      production: false,
      apiNodeEnv: 'development',
    });
  });

  it('knows the same production deployments as the web app', () => {
    expect(PRODUCTION_DEPLOYS).toEqual(CORE_PRODUCTION_DEPLOYS);
  });

  it('refuses an unknown DEPLOY_ENV rather than starting locally with public secrets', () => {
    expect(() => runMode({ DEPLOY_ENV: 'prod' })).toThrow(/DEPLOY_ENV must be one of/);
  });

  it('refuses NODE_ENV=production without a production DEPLOY_ENV instead of guessing', () => {
    expect(() => runMode({ NODE_ENV: 'production' })).toThrow(RunModeError);
    expect(() => runMode({ NODE_ENV: 'production', DEPLOY_ENV: 'review' })).toThrow(/DEPLOY_ENV/);
  });
});
