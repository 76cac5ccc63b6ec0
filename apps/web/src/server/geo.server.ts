/**
 * The visitor's country: a trusted CDN header when configured, else an offline lookup of the
 * client address (geoip-country, GeoLite2 data shipped in the package), else the US.
 */
import 'server-only';
import geoip from 'geoip-country';
import { DEFAULT_COUNTRY, normalizeCountry } from '@checkout/core';
import { env } from '../env.server';

type HeaderReader = { get(name: string): string | null };

/** The nearest hop's view of the client: the last X-Forwarded-For entry cannot be forged by it. */
export function clientAddress(headers: HeaderReader): string | undefined {
  const forwarded = headers
    .get('x-forwarded-for')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const address = forwarded?.at(-1) ?? headers.get('x-real-ip') ?? undefined;
  return address?.replace(/^::ffff:/, '');
}

export function countryOf(headers: HeaderReader): string {
  if (env.GEO_COUNTRY_HEADER) {
    const fromHeader = normalizeCountry(headers.get(env.GEO_COUNTRY_HEADER));
    if (fromHeader) return fromHeader;
  }
  const address = clientAddress(headers);
  const looked = address ? geoip.lookup(address) : null;
  return normalizeCountry(looked?.country) ?? DEFAULT_COUNTRY;
}
