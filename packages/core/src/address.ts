/** Address layouts (spec §3): which fields a country's billing address needs. */
export type AddressLayout = 'default' | 'state' | 'state_with_postal';

export const DEFAULT_ADDRESS_COUNTRY = 'US';

const LAYOUTS: Readonly<Record<string, AddressLayout>> = {
  AE: 'state',
  CA: 'state',
  US: 'state_with_postal',
};

export const DEFAULT_REGIONS: Readonly<Record<string, string>> = {
  AE: 'AE-AZ',
  CA: 'CA-AB',
  US: 'US-CA',
};

export function addressLayoutFor(country: string): AddressLayout {
  return LAYOUTS[country] ?? 'default';
}
