/**
 * Who sells what, as an invoice must name it: each merchant's legal name, address, VAT id and
 * registration number, and each product's name, from the brand configuration (config/brand.json,
 * the file the storefront shows the brand from).
 */
import { brandSchema, type Brand } from '@checkout/core';
import brandFile from '../../../../../config/brand.json' with { type: 'json' };

let brand: Brand | undefined;

/** Read and validated once per process, like the environment. */
function theBrand(): Brand {
  brand ??= brandSchema.parse(brandFile);
  return brand;
}

export interface SellerDetails {
  name: string;
  address: string[];
  vatId: string;
  registration: string;
}

/** The merchant's details; undefined for a merchant the brand does not describe. */
export function sellerDetails(merchantId: string): SellerDetails | undefined {
  return theBrand().sellers[merchantId];
}

/** The product's name as sold ("Aegis VPN"); undefined for a product the brand does not name. */
export function productName(productId: string): string | undefined {
  const products: Partial<Record<string, { name: string }>> = theBrand().products;
  return products[productId]?.name;
}
