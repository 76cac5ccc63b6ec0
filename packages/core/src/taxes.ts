/** Tax on the order (spec: order summary with taxes), from a rate table with an effective date. */
import { z } from 'zod';

export const TAX_NAMES = ['vat', 'gst', 'hst', 'pst', 'qst', 'salesTax', 'consumptionTax'] as const;
export type TaxName = (typeof TAX_NAMES)[number];

const component = z.strictObject({
  name: z.enum(TAX_NAMES),
  /** Parts per million: 19 % = 190000, Quebec's 9.975 % = 99750. */
  ratePpm: z.number().int().min(0).max(1_000_000),
});

export const taxTableSchema = z.object({
  effectiveDate: z.iso.date(),
  sources: z.array(z.string()),
  countries: z.record(
    z.string().regex(/^[A-Z]{2}$/),
    z.strictObject({
      /** Catalog prices in this market already contain the tax. */
      inclusive: z.boolean(),
      components: z.array(component),
      regions: z.record(z.string(), z.array(component)).optional(),
    }),
  ),
});
export type TaxTable = z.infer<typeof taxTableSchema>;

export interface TaxLine {
  name: TaxName;
  ratePpm: number;
  amountMinor: number;
}

export interface TaxQuote {
  inclusive: boolean;
  lines: TaxLine[];
  /** Tax contained in (inclusive) or added to (exclusive) the amount. */
  taxMinor: number;
  /** What the shopper pays. */
  totalMinor: number;
  effectiveDate: string;
}

/**
 * Tax on `amountMinor` for an address. Exclusive taxes are added on top, each component
 * rounded half up; inclusive taxes are extracted from the amount (amount × r / (1 + r)).
 * A region's components replace the country's when the table lists the region.
 */
export function quoteTax(
  table: TaxTable,
  address: { country: string; region?: string | undefined },
  amountMinor: number,
): TaxQuote {
  const entry = table.countries[address.country];
  const components =
    (address.region ? entry?.regions?.[address.region] : undefined) ?? entry?.components ?? [];
  const inclusive = entry?.inclusive ?? false;
  const totalPpm = components.reduce((sum, c) => sum + c.ratePpm, 0);
  let lines: TaxLine[];
  if (inclusive) {
    const contained =
      totalPpm === 0 ? 0 : Math.round((amountMinor * totalPpm) / (1_000_000 + totalPpm));
    lines = components.map((c) => ({
      ...c,
      amountMinor: totalPpm === 0 ? 0 : Math.round((contained * c.ratePpm) / totalPpm),
    }));
  } else {
    lines = components.map((c) => ({
      ...c,
      amountMinor: Math.round((amountMinor * c.ratePpm) / 1_000_000),
    }));
  }
  const taxMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0);
  return {
    inclusive,
    lines: lines.filter((l) => l.ratePpm > 0),
    taxMinor,
    totalMinor: inclusive ? amountMinor : amountMinor + taxMinor,
    effectiveDate: table.effectiveDate,
  };
}
