/**
 * The regions of the countries whose billing address asks for one (spec §3), apart from the
 * layouts in address.ts: the browser fetches this table only when the shopper picks such a
 * country (its own entry point, `@checkout/core/regions`).
 */
import { addressLayoutFor, DEFAULT_REGIONS } from './address';

export type RegionList = readonly (readonly [string, string])[];

/** ISO 3166-2 codes and English names of the regions a `state` layout asks for. */
export const REGIONS: Readonly<Record<string, RegionList>> = {
  AE: [
    ['AE-AZ', 'Abu Dhabi'],
    ['AE-AJ', 'Ajman'],
    ['AE-DU', 'Dubai'],
    ['AE-FU', 'Fujairah'],
    ['AE-RK', 'Ras Al Khaimah'],
    ['AE-SH', 'Sharjah'],
    ['AE-UQ', 'Umm Al Quwain'],
  ],
  CA: [
    ['CA-AB', 'Alberta'],
    ['CA-BC', 'British Columbia'],
    ['CA-MB', 'Manitoba'],
    ['CA-NB', 'New Brunswick'],
    ['CA-NL', 'Newfoundland and Labrador'],
    ['CA-NS', 'Nova Scotia'],
    ['CA-NT', 'Northwest Territories'],
    ['CA-NU', 'Nunavut'],
    ['CA-ON', 'Ontario'],
    ['CA-PE', 'Prince Edward Island'],
    ['CA-QC', 'Quebec'],
    ['CA-SK', 'Saskatchewan'],
    ['CA-YT', 'Yukon'],
  ],
  US: [
    ['US-AL', 'Alabama'],
    ['US-AK', 'Alaska'],
    ['US-AZ', 'Arizona'],
    ['US-AR', 'Arkansas'],
    ['US-CA', 'California'],
    ['US-CO', 'Colorado'],
    ['US-CT', 'Connecticut'],
    ['US-DE', 'Delaware'],
    ['US-DC', 'District of Columbia'],
    ['US-FL', 'Florida'],
    ['US-GA', 'Georgia'],
    ['US-HI', 'Hawaii'],
    ['US-ID', 'Idaho'],
    ['US-IL', 'Illinois'],
    ['US-IN', 'Indiana'],
    ['US-IA', 'Iowa'],
    ['US-KS', 'Kansas'],
    ['US-KY', 'Kentucky'],
    ['US-LA', 'Louisiana'],
    ['US-ME', 'Maine'],
    ['US-MD', 'Maryland'],
    ['US-MA', 'Massachusetts'],
    ['US-MI', 'Michigan'],
    ['US-MN', 'Minnesota'],
    ['US-MS', 'Mississippi'],
    ['US-MO', 'Missouri'],
    ['US-MT', 'Montana'],
    ['US-NE', 'Nebraska'],
    ['US-NV', 'Nevada'],
    ['US-NH', 'New Hampshire'],
    ['US-NJ', 'New Jersey'],
    ['US-NM', 'New Mexico'],
    ['US-NY', 'New York'],
    ['US-NC', 'North Carolina'],
    ['US-ND', 'North Dakota'],
    ['US-OH', 'Ohio'],
    ['US-OK', 'Oklahoma'],
    ['US-OR', 'Oregon'],
    ['US-PA', 'Pennsylvania'],
    ['US-RI', 'Rhode Island'],
    ['US-SC', 'South Carolina'],
    ['US-SD', 'South Dakota'],
    ['US-TN', 'Tennessee'],
    ['US-TX', 'Texas'],
    ['US-UT', 'Utah'],
    ['US-VT', 'Vermont'],
    ['US-VA', 'Virginia'],
    ['US-WA', 'Washington'],
    ['US-WV', 'West Virginia'],
    ['US-WI', 'Wisconsin'],
    ['US-WY', 'Wyoming'],
  ],
};

export function isRegionOf(country: string, region: string | null | undefined): boolean {
  return Boolean(region && REGIONS[country]?.some(([code]) => code === region));
}

/**
 * Whether an address may name `region` with `country`: no region, or one of the country's (a
 * country without a region list takes none). The tax of the US and Canada depends on it, so a
 * region of another country or an unknown one is refused, never silently replaced.
 */
export function regionFitsCountry(country: string, region: string | null | undefined): boolean {
  return !region || isRegionOf(country, region);
}

/** The region to use: the given one when it belongs to the country, else its default. */
export function resolveRegion(
  country: string,
  region: string | null | undefined,
): string | undefined {
  if (addressLayoutFor(country) === 'default') return undefined;
  return isRegionOf(country, region) ? (region ?? undefined) : DEFAULT_REGIONS[country];
}
