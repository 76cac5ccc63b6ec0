import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { compileTrust, forwardedFor, overwriteClientAddress } from './client-address.mjs';

function requestFrom(peer: string, headers: Record<string, string> = {}): IncomingMessage {
  return { headers, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

describe('the address the web app hands on to the api', () => {
  it('is the socket address when nobody is trusted, whatever the client wrote', () => {
    const request = requestFrom('198.51.100.7', {
      'x-forwarded-for': '203.0.113.1, 10.0.0.1',
      'x-real-ip': '203.0.113.2',
      forwarded: 'for=203.0.113.3',
    });
    overwriteClientAddress(request, compileTrust(undefined));
    expect(request.headers).toEqual({ 'x-forwarded-for': '198.51.100.7' });
  });

  it('does not trust a loopback peer unless told to', () => {
    const request = requestFrom('::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.1' });
    expect(forwardedFor(request, compileTrust(''))).toBe('127.0.0.1');
  });

  it('keeps the chain behind a trusted proxy, from the first hop no trusted proxy vouches for', () => {
    const trust = compileTrust('loopback, 10.0.0.0/8');
    const request = requestFrom('10.0.0.5', {
      'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.4',
    });
    // 10.0.0.4 is trusted, 203.0.113.9 is not: the forged 6.6.6.6 before it is dropped.
    expect(forwardedFor(request, trust)).toBe('203.0.113.9, 10.0.0.4, 10.0.0.5');
  });

  it('refuses a TRUST_PROXY it cannot read', () => {
    expect(() => compileTrust('not-an-address')).toThrow();
  });
});
