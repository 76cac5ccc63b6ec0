/**
 * The client's address as the web app saw it, for the X-Forwarded-For it sends on to the api.
 * Plain JavaScript because the HTTP server (server.mjs) loads it before Next starts.
 */
import proxyaddr from 'proxy-addr';

/** No hop in front of the web app is believed unless configured. */
const trustNobody = () => false;

/**
 * TRUST_PROXY in proxy-addr syntax ("loopback, 10.0.0.0/8"); empty or unset trusts nobody.
 * Throws on an address or range proxy-addr cannot read, so a typo stops the start.
 */
export function compileTrust(value) {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.length === 0 ? trustNobody : proxyaddr.compile(entries);
}

/** Plain IPv4 for v4-mapped IPv6 socket addresses, as the api and the geo lookup expect. */
const unmapped = (address) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The X-Forwarded-For to hand on: the socket address alone, or, when the peer is a trusted
 * proxy, the incoming chain from the first address no trusted hop vouches for, with the peer
 * appended. Anything a client wrote to the left of that is dropped, so a client can never
 * choose the address that rate limits count it under.
 */
export function forwardedFor(request, trust) {
  return proxyaddr.all(request, trust).reverse().map(unmapped).join(', ');
}

/** Overwrites the client-supplied address headers on an incoming request, in place. */
export function overwriteClientAddress(request, trust) {
  request.headers['x-forwarded-for'] = forwardedFor(request, trust);
  // Nothing downstream may read a client-chosen address from the other common headers.
  delete request.headers['x-real-ip'];
  delete request.headers['forwarded'];
}
