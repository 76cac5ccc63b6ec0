/**
 * The visitor's country: a trusted CDN header when configured, else an offline lookup of the
 * client address (geoip-country, GeoLite2 data shipped in the package), else the US.
 */
import 'server-only';
import geoip from 'geoip-country';
import { DEFAULT_COUNTRY, normalizeCountry } from '@checkout/core';
import { env } from '../env.server';

type HeaderReader = { get(name: string): string | null };

/**
 * The client as the web app's own server resolved it (apps/web/server.mjs rewrites
 * X-Forwarded-For from the socket and the trusted hops): the first entry of that chain.
 */
export function clientAddress(headers: HeaderReader): string | undefined {
  const first = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first ? first.replace(/^::ffff:/, '') : undefined;
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

/**
 * The visitor's state or region code and postal code, when the CDN sends them (e.g. Cloudflare's
 * `cf-region-code` and `cf-postal-code`, named by GEO_REGION_HEADER and GEO_POSTAL_CODE_HEADER);
 * the offline lookup knows only the country.
 */
export function regionOf(headers: HeaderReader): { stateCode?: string; zipCode?: string } {
  const state = env.GEO_REGION_HEADER ? headers.get(env.GEO_REGION_HEADER)?.trim() : undefined;
  const zip = env.GEO_POSTAL_CODE_HEADER
    ? headers.get(env.GEO_POSTAL_CODE_HEADER)?.trim()
    : undefined;
  return {
    ...(state && /^[A-Za-z0-9]{1,3}$/.test(state) ? { stateCode: state.toUpperCase() } : {}),
    ...(zip && /^[A-Za-z0-9 -]{2,10}$/.test(zip) ? { zipCode: zip } : {}),
  };
}
