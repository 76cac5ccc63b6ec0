/** The brand is configuration: names, merchants, support links and desktop-app schemes. */
import { z } from 'zod';
import { PRODUCT_GROUPS, type ProductGroup } from './products';

const link = z.string().refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
  message: 'a link is a site path starting with / or an http(s) URL',
});

const productBrandSchema = z.strictObject({
  name: z.string().min(1),
  merchant: z.string().min(1),
  supportUrl: link,
  landingUrl: link,
});

/** A selling company as its invoices must name it (EU VAT directive art. 226, §14 UStG). */
const sellerSchema = z.strictObject({
  name: z.string().min(1),
  address: z.array(z.string().min(1)).min(1),
  vatId: z.string().min(1),
  registration: z.string().min(1),
});

export const brandSchema = z.strictObject({
  providerName: z.string().min(1),
  projectName: z.string().min(1),
  checkoutTitle: z.string().min(1),
  companyName: z.string().min(1),
  umbrellaMerchant: z.string().min(1),
  accountUrl: link,
  products: z.strictObject(
    Object.fromEntries(PRODUCT_GROUPS.map((g) => [g, productBrandSchema])) as Record<
      ProductGroup,
      typeof productBrandSchema
    >,
  ),
  defaultSupportUrl: link,
  termsUrl: link,
  privacyUrl: link,
  appSchemes: z.strictObject({
    vpn: z.string().regex(/^[a-z][a-z0-9+.-]*$/),
    pass: z.string().regex(/^[a-z][a-z0-9+.-]*$/),
    locker: z.string().regex(/^[a-z][a-z0-9+.-]*$/),
  }),
  /** Where each app is downloaded, for a buyer who does not have it yet (the success page). */
  downloadUrls: z.strictObject({ vpn: link, pass: link, locker: link }),
  /** Each merchant (catalog merchant id) that sells, with what its invoices print of it. */
  sellers: z.record(z.string().min(1), sellerSchema),
});

export type Brand = z.infer<typeof brandSchema>;

export interface FooterLinks {
  supportCenter: string;
  termsOfService: string;
  privacyPolicy: string;
}

/** Support links follow the product the shopper is buying; terms and privacy are shared. */
export function footerLinksFor(brand: Brand, group: ProductGroup | undefined): FooterLinks {
  return {
    supportCenter: group ? brand.products[group].supportUrl : brand.defaultSupportUrl,
    termsOfService: brand.termsUrl,
    privacyPolicy: brand.privacyUrl,
  };
}

/**
 * The merchant line a card statement shows for this purchase: the product's merchant, or the one
 * `main_merchant` names (a product's, or the umbrella merchant), with the `descriptor` after a
 * star as card networks print it ("Aegis VPN Ltd.*SPRING").
 */
export function statementLine(
  brand: Brand,
  group: ProductGroup,
  chosen: { mainMerchant: ProductGroup | 'umbrella' | null; descriptor: string | null },
): string {
  const merchant =
    chosen.mainMerchant === 'umbrella'
      ? brand.umbrellaMerchant
      : brand.products[chosen.mainMerchant ?? group].merchant;
  return chosen.descriptor ? `${merchant}*${chosen.descriptor}` : merchant;
}
