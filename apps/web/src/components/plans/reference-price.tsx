/**
 * The struck-through price a discount is measured against, labelled for what it is: what
 * renewing charges over the same span, a price shoppers really pay (issue 27.11), never a
 * "regular" price no one is charged.
 */
import { useTranslations } from 'next-intl';

export function ReferencePrice({ price, className }: { price: string; className?: string }) {
  const t = useTranslations('plans');
  return (
    <span className={className} data-element="reference-price">
      {t.rich('referencePrice', { price, s: (chunks) => <s>{chunks}</s> })}
    </span>
  );
}
