import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_QA_SECRET, mintQaToken, qaSecretFor, verifyQaToken } from './qa-token';

const SECRET = 'a-qa-secret-of-at-least-thirty-two-bytes';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const inOneDay = new Date(NOW + 24 * 3600_000);

describe('QA tokens', () => {
  it('a minted token names its QA visitor until it expires', () => {
    const token = mintQaToken(SECRET, 'tester', inOneDay);
    expect(verifyQaToken(SECRET, token, NOW)).toEqual({
      id: 'tester',
      expiresAt: inOneDay.getTime(),
    });
    expect(verifyQaToken(SECRET, token, inOneDay.getTime())).toBeNull();
  });

  it('refuses a bare qa id, another secret, or an edited id or expiry', () => {
    const token = mintQaToken(SECRET, 'tester', inOneDay);
    const [id, expiry, sig] = token.split('.');
    expect(verifyQaToken(SECRET, 'tester', NOW)).toBeNull();
    expect(verifyQaToken(`${SECRET}!`, token, NOW)).toBeNull();
    expect(verifyQaToken(SECRET, `attacker.${expiry}.${sig}`, NOW)).toBeNull();
    expect(verifyQaToken(SECRET, `${id}.${Number(expiry) + 3600}.${sig}`, NOW)).toBeNull();
    expect(verifyQaToken(SECRET, undefined, NOW)).toBeNull();
  });

  it('production without QA_SECRET has no secret, so no QA visitor at all', () => {
    expect(qaSecretFor({ QA_SECRET: undefined, production: true })).toBeUndefined();
    expect(qaSecretFor({ QA_SECRET: SECRET, production: true })).toBe(SECRET);
    expect(qaSecretFor({ QA_SECRET: undefined, production: false })).toBe(DEVELOPMENT_QA_SECRET);
  });
});
