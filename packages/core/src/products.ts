/** Product groups of the checkout: what the header logo, support links and 404 button follow. */
export const PRODUCT_GROUPS = [
  'vpn',
  'pass',
  'locker',
  'data_removal',
  'bundle',
  'threat_protection',
] as const;

export type ProductGroup = (typeof PRODUCT_GROUPS)[number];

export const DEFAULT_PRODUCT_GROUP: ProductGroup = 'vpn';

/** The package a product group's checkout shows unless `package_identifier` names another. */
export const DEFAULT_PACKAGES: Readonly<Record<ProductGroup, string>> = {
  vpn: 'vpn-default',
  pass: 'pass-default',
  locker: 'locker-default',
  data_removal: 'data-removal-default',
  bundle: 'bundle-default',
  threat_protection: 'threat-protection-default',
};

export function isProductGroup(value: unknown): value is ProductGroup {
  return typeof value === 'string' && (PRODUCT_GROUPS as readonly string[]).includes(value);
}

/** The logo family a product group shows in the header. */
export type LogoKind = 'vpn' | 'pass' | 'locker' | 'protection' | 'data_removal' | 'checkout';

export function logoFor(group: ProductGroup | undefined): LogoKind {
  switch (group) {
    case 'vpn':
    case 'pass':
    case 'locker':
    case 'data_removal':
      return group;
    case 'bundle':
    case 'threat_protection':
      return 'protection';
    default:
      return 'checkout';
  }
}

/** The product family whose landing page the 404 screen's button opens (default VPN). */
export type ProductFamily = 'vpn' | 'pass' | 'locker' | 'data_removal';

export function familyFor(group: ProductGroup | undefined): ProductFamily {
  return group === 'pass' || group === 'locker' || group === 'data_removal' ? group : 'vpn';
}
