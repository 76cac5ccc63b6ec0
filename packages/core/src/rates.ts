/** Rates for display; apart from the tax schemas so the order summary ships no zod. */

/** "19%", "9.975%": a rate for display, without floating-point noise. */
export function formatRate(ratePpm: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(
    ratePpm / 1_000_000,
  );
}
