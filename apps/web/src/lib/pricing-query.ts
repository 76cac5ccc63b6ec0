/** The getPackagePlans query the checkout sends (also used by bench/pricing-load). */
const PLAN_FIELDS = /* GraphQL */ `
  id identifier displayTitle merchant remoteID tier type group subgroup bundleType
  storageQuota { amount unit }
  period { identifier interval unit }
  extraPeriod { identifier interval unit }
  services { identifier title merchant attributes { name value } price { ...price } }
  price { ...price }
  nextChargePlan {
    period { identifier interval unit }
    price { ...price }
    services { identifier title merchant attributes { name value } price { ...price } }
  }
  coupon { code isLegacy }
`;

export const PACKAGE_PLANS_QUERY = /* GraphQL */ `
  query PackagePlans($countryCode: String, $currencyCode: String!, $packageId: String!, $filters: JSON,
    $coupon: String, $crossSellPackageId: String, $knowledgeBaseVersion: String) {
    getPackagePlans(countryCode: $countryCode, currencyCode: $currencyCode, packageId: $packageId,
      filters: $filters, coupon: $coupon, crossSellPackageId: $crossSellPackageId,
      knowledgeBaseVersion: $knowledgeBaseVersion) {
      identifier catalogVersion
      coupon { code isLegacy }
      plans { ${PLAN_FIELDS} }
      crossSell { identifier plans { ${PLAN_FIELDS} } }
    }
  }
  fragment price on Price {
    total atomic totalInMinorUnits atomicInMinorUnits currency { code }
    discount { atomicBeforeDiscount totalBeforeDiscount totalBeforeDiscountInMinorUnits percentageDiscount }
  }
`.replace(/\s+/g, ' ');
