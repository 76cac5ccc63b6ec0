/**
 * The network a request comes from, as the card-testing counters key it: an IPv4 address, or the
 * /64 of an IPv6 one (a subscriber gets a whole /64 and picks addresses in it freely). Takes the
 * address Fastify trusts (`request.ip`: the socket, or `TRUST_PROXY` hops' X-Forwarded-For), as
 * the per-address rate limits do.
 */
import ipaddr from 'ipaddr.js';

export const IPV6_PREFIX = 64;

/** The network in one written form, IPv4-mapped IPv6 as IPv4; undefined when no address. */
export function networkOf(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.process(address);
  if (!(parsed instanceof ipaddr.IPv6)) return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_PREFIX}`);
  return `${network.toString()}/${IPV6_PREFIX}`;
}
