/** The pricing GraphQL schema (spec §3, §7 field names) and its resolvers. */
import { GraphQLScalarType, valueFromASTUntyped, type GraphQLError } from 'graphql';
import { createGraphQLError, createSchema } from 'graphql-yoga';
import { z } from 'zod';
import { AppError, ERROR_CODES, type PackagePlansVariables } from '@checkout/core/contract';
import type { Catalog } from '../catalog/catalog';
import type { CatalogSnapshot } from '../catalog/snapshot';
import { getPackagePlans } from '../catalog/service';
import { experimentPackage, type PricingVariants } from '../experiments/service';

/** What the route hands each execution: the visitor's pricing experiment variants. */
export interface PricingContext {
  pricing?: PricingVariants;
  /** A console draft's catalog (the checkout's `catalog_preview` link), instead of the live one. */
  preview?: CatalogSnapshot;
}

/** knowledgeBaseVersion: the newest catalog version the asking checkout has seen, if a number. */
function seenVersion(value: string | null | undefined): number {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

const typeDefs = /* GraphQL */ `
  "Any JSON value; getPackagePlans reads product filters from an object."
  scalar JSON

  enum PeriodUnit {
    Day
    Week
    Month
    Year
  }
  enum PlanTier {
    Basic
    Complete
    Plus
    Prime
    Standard
    Ultimate
    Ultra
  }
  enum PlanType {
    individual
    family
  }
  enum GroupType {
    Family
    Individual
  }
  enum Subgroup {
    individual
    family
  }
  enum BundleType {
    bundle
  }

  type Period {
    identifier: String!
    interval: Int!
    unit: PeriodUnit!
  }
  type Attribute {
    name: String!
    value: String!
  }
  type Currency {
    code: String!
  }
  type Discount {
    atomicBeforeDiscount: String!
    totalBeforeDiscount: String!
    totalBeforeDiscountInMinorUnits: Int!
    percentageDiscount: Int!
  }
  "Amounts are exact decimal strings in major units; atomic is the price per month."
  type Price {
    total: String!
    atomic: String!
    totalInMinorUnits: Int!
    atomicInMinorUnits: Int!
    currency: Currency!
    discount: Discount
  }
  type Service {
    identifier: String!
    title: String!
    merchant: String!
    attributes: [Attribute!]!
    price: Price
  }
  type Size {
    amount: Float!
    unit: String!
  }
  type NextChargePlan {
    period: Period!
    price: Price!
    services: [Service!]!
  }
  type PlanCoupon {
    code: String!
    isLegacy: Boolean!
  }
  type Plan {
    id: ID!
    identifier: String!
    displayTitle: String!
    merchant: String!
    remoteID: String!
    tier: PlanTier!
    type: PlanType!
    group: GroupType!
    subgroup: Subgroup
    bundleType: BundleType
    storageQuota: Size
    period: Period!
    extraPeriod: Period
    services: [Service!]!
    price: Price!
    nextChargePlan: NextChargePlan!
    coupon: PlanCoupon
  }
  type CrossSellPackage {
    identifier: String!
    plans: [Plan!]!
  }
  type Package {
    identifier: String!
    catalogVersion: String!
    plans: [Plan!]!
    coupon: PlanCoupon
    crossSell: CrossSellPackage
  }

  type Query {
    getPackagePlans(
      countryCode: String
      currencyCode: String!
      packageId: String!
      filters: JSON
      coupon: String
      crossSellPackageId: String
      knowledgeBaseVersion: String
    ): Package!
  }
`;

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (ast, variables) => valueFromASTUntyped(ast, variables),
});

/** Domain errors become GraphQL errors with a machine-readable code; nothing else leaks. */
function toGraphQLError(error: unknown): GraphQLError {
  if (error instanceof AppError) {
    return createGraphQLError(error.message, {
      extensions: { code: error.code, status: error.status },
    });
  }
  if (error instanceof z.ZodError) {
    const issue = error.issues[0];
    return createGraphQLError(
      `${issue?.path.join('.') ?? 'variables'}: ${issue?.message ?? 'invalid'}`,
      {
        extensions: { code: ERROR_CODES.validation, status: 400 },
      },
    );
  }
  throw error;
}

export function pricingSchema(catalog: Catalog) {
  return createSchema({
    typeDefs,
    resolvers: {
      JSON: JSONScalar,
      Query: {
        getPackagePlans: async (
          _root: unknown,
          args: PackagePlansVariables,
          context: PricingContext,
        ) => {
          try {
            // A pricing experiment's variant prices another package (spec §3 pricingExperimentId).
            const packageId = context.pricing
              ? experimentPackage(context.pricing, args.packageId)
              : args.packageId;
            const snapshot =
              context.preview ?? (await catalog.atLeast(seenVersion(args.knowledgeBaseVersion)));
            return getPackagePlans(snapshot, { ...args, packageId });
          } catch (error) {
            throw toGraphQLError(error);
          }
        },
      },
    },
  });
}
