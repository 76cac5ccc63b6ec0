'use client';
/**
 * Beside the Pay button, every product's renewal terms (issue 27.3): when it first renews, at
 * what price, for which period, and where to cancel, for the cross-sell as for the main plan and
 * on an upgrade too. California's auto-renewal law (Bus. & Prof. Code §17602) and EU rules want
 * them clearly and conspicuously next to the purchase button, not once in grey under the periods.
 */
import { useTranslations } from 'next-intl';
import { addPeriod, type CartView } from '@checkout/core';
import { useCheckout } from '../checkout/checkout-provider';
import { totalText } from '../plans/format';
import { usePlanSelection } from '../plans/selection';
import styles from './payments.module.css';

type LineKind = CartView['lines'][number]['kind'];

interface RenewalTermsProps {
  locale: string;
  /** The product name of each kind of line ("Aegis VPN", the cross-sell's "Aegis Pass"). */
  products: Partial<Record<LineKind, string>>;
  /** Where a subscription is cancelled: the account page, in the shopper's language. */
  accountUrl: string;
}

export function RenewalTerms({ locale, products, accountUrl }: RenewalTermsProps) {
  const t = useTranslations('paymentMethods');
  const tPlans = useTranslations('plans');
  const { cart, crossSellPlans } = useCheckout();
  const { plans } = usePlanSelection();
  // The first renewal is one bought period from today, as the api anchors the subscription.
  const today = new Date();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const terms = (cart?.lines ?? []).flatMap((line) => {
    const plan = (line.kind === 'main' ? plans : crossSellPlans).find(
      (p) => p.identifier === line.plan,
    );
    if (!plan) return [];
    const { price, period } = plan.nextChargePlan;
    const text = t('renewalTerms', {
      product: products[line.kind] ?? plan.displayTitle,
      date: date.format(addPeriod(today, line.period)),
      price: totalText(price, locale),
      period: tPlans(`period.${period.unit}`, { count: period.interval }),
    });
    return [{ kind: line.kind, text }];
  });
  if (terms.length === 0) return null;
  return (
    <div className={styles.terms} data-element="renewal-terms">
      <ul>
        {terms.map(({ kind, text }) => (
          <li key={kind}>{text}</li>
        ))}
      </ul>
      <p>{t.rich('cancelTerms', { account: (chunks) => <a href={accountUrl}>{chunks}</a> })}</p>
    </div>
  );
}
