import { describe, expect, it } from 'vitest';
import { turnstileCheck } from './human-check';

/** Cloudflare's siteverify, faked: the real one is not reachable offline. */
function fakeSiteverify(success: boolean | 'down') {
  const calls: { url: string; body: URLSearchParams }[] = [];
  const fetchImpl = ((url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body as URLSearchParams });
    if (success === 'down') return Promise.reject(new Error('network down'));
    return Promise.resolve(new Response(JSON.stringify({ success }), { status: 200 }));
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('Turnstile behind the challenge interface', () => {
  it('hands the browser the site key and asks Cloudflare about each token, with the client address', async () => {
    const { calls, fetchImpl } = fakeSiteverify(true);
    const check = turnstileCheck({ siteKey: 'site-key', secret: 'secret-key' }, fetchImpl);
    expect(await check.issue()).toEqual({ kind: 'turnstile', siteKey: 'site-key' });
    expect(await check.verify('token-from-widget', '203.0.113.9')).toBe(true);
    expect(calls[0]?.url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(Object.fromEntries(calls[0]!.body)).toEqual({
      secret: 'secret-key',
      response: 'token-from-widget',
      remoteip: '203.0.113.9',
    });
  });

  it('refuses a token Cloudflare rejects, and fails closed when it cannot be reached', async () => {
    const keys = { siteKey: 's', secret: 'k' };
    expect(await turnstileCheck(keys, fakeSiteverify(false).fetchImpl).verify('t', '')).toBe(false);
    expect(await turnstileCheck(keys, fakeSiteverify('down').fetchImpl).verify('t', '')).toBe(
      false,
    );
  });

  it('asks the configured siteverify address when one is set', async () => {
    const { calls, fetchImpl } = fakeSiteverify(true);
    const verifyUrl = 'http://127.0.0.1:9/siteverify';
    await turnstileCheck({ siteKey: 's', secret: 'k', verifyUrl }, fetchImpl).verify('t', '');
    expect(calls[0]?.url).toBe(verifyUrl);
  });
});
