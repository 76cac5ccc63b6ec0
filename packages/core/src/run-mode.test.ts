import { describe, expect, it } from 'vitest';
import { sandboxTakesPayments } from './run-mode';

describe('who takes the payments (and whether the "Test mode" badge shows)', () => {
  it.each([
    ['local', 'off', true],
    ['review', 'off', true],
    ['test', 'off', true],
    ['production', 'off', false],
    ['preprod', 'off', false],
    ['staging', 'off', false],
    ['production', 'on', true],
    ['staging', 'on', true],
  ] as const)('DEPLOY_ENV=%s, SANDBOX_GATEWAY=%s: sandbox %s', (deployEnv, sandboxGateway, on) => {
    expect(sandboxTakesPayments({ deployEnv, sandboxGateway })).toBe(on);
  });
});
