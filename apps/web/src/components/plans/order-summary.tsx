'use client';
/**
 * The order summary: plan and cross-sell lines, discount, coupon, an upgrade's credit for unused
 * time, tax and the total due today.
 */
import { useTranslations } from 'next-intl';
import { formatPrice, formatRate } from '@checkout/core';
import { useCheckout } from '../checkout/checkout-provider';
import { usePlanSelection } from './selection';
import { usePeriodName } from './period-name';
import type { PlanChoice } from './plan-choice';
import styles from './order-summary.module.css';

interface Line {
  key: string;
  label: string;
  detail: string;
  regularMinor: number;
  amountMinor: number;
  /** What the coupon took off (in amountMinor already); the rest of the saving is the sale's. */
  couponMinor: number;
}

export function OrderSummary({
  locale,
  productName,
  crossSellName,
}: {
  locale: string;
  productName: string;
  crossSellName: string | undefined;
}) {
  const t = useTranslations('summary');
  const periodName = usePeriodName();
  const tTax = useTranslations('taxes');
  const { selected } = usePlanSelection();
  const { cart, quote, crossSell, crossSellPlans, currency } = useCheckout();
  if (!selected) return <p className={styles.muted}>{t('nothing')}</p>;

  const money = (minor: number) => formatPrice(minor, currency, locale);
  const period = (p: PlanChoice['period']) => t('period', { period: periodName(p) });
  const xsPlan = crossSellPlans.find((p) => p.identifier === crossSell);
  const cartMain = cart?.lines.find((l) => l.kind === 'main');
  const lines: Line[] = [
    {
      key: 'main',
      label: t('plan', { product: productName, tier: selected.tier }),
      detail: period(selected.period),
      regularMinor:
        selected.price.discount?.totalBeforeDiscountInMinorUnits ??
        selected.price.totalInMinorUnits,
      amountMinor: cartMain?.amountMinor ?? selected.price.totalInMinorUnits,
      couponMinor: cartMain?.couponMinor ?? 0,
    },
  ];
  if (xsPlan && crossSellName) {
    lines.push({
      key: 'cross_sell',
      label: crossSellName,
      detail: period(xsPlan.period),
      regularMinor:
        xsPlan.price.discount?.totalBeforeDiscountInMinorUnits ?? xsPlan.price.totalInMinorUnits,
      amountMinor: xsPlan.price.totalInMinorUnits,
      couponMinor: 0,
    });
  }
  const regular = lines.reduce((s, l) => s + l.regularMinor, 0);
  const subtotal = lines.reduce((s, l) => s + l.amountMinor, 0);
  const couponOff = lines.reduce((s, l) => s + l.couponMinor, 0);
  const saleOff = regular - subtotal - couponOff;
  const tax = cart?.tax ?? quote;
  const total = cart?.totalMinor ?? (tax && !tax.inclusive ? subtotal + tax.taxMinor : subtotal);
  const taxName = (name: string) => tTax(name as 'vat');

  return (
    <div className={styles.summary} aria-live="polite" data-element="order-summary">
      <dl className={styles.lines}>
        {lines.map((line) => (
          <div key={line.key} className={styles.line} data-element={`summary-line-${line.key}`}>
            <dt>
              <strong>{line.label}</strong>
              <span className={styles.muted}>{line.detail}</span>
            </dt>
            <dd>{money(line.regularMinor)}</dd>
          </div>
        ))}
        {saleOff > 0 ? (
          <div className={styles.line} data-element="summary-discount">
            <dt>{t('discount')}</dt>
            <dd className={styles.discount}>−{money(saleOff)}</dd>
          </div>
        ) : null}
        {cart?.coupon && couponOff > 0 ? (
          <div className={styles.line} data-element="summary-coupon">
            <dt>{t('coupon', { code: cart.coupon })}</dt>
            <dd className={styles.discount}>−{money(couponOff)}</dd>
          </div>
        ) : null}
        {cart?.upgrade ? (
          <div className={styles.line} data-element="summary-upgrade-credit">
            <dt>{t('upgradeCredit')}</dt>
            <dd className={styles.discount}>−{money(cart.upgrade.creditMinor)}</dd>
          </div>
        ) : null}
        {tax && !tax.inclusive
          ? tax.lines.map((l) => (
              <div key={l.name} className={styles.line} data-element="summary-tax">
                <dt>
                  {tTax('line', { name: taxName(l.name), rate: formatRate(l.ratePpm, locale) })}
                </dt>
                <dd>{money(l.amountMinor)}</dd>
              </div>
            ))
          : null}
        <div className={`${styles.line} ${styles.total}`}>
          <dt>{t('total')}</dt>
          <dd data-element="summary-total">{money(total)}</dd>
        </div>
      </dl>
      {tax?.inclusive
        ? tax.lines.map((l) => (
            <p key={l.name} className={styles.muted} data-element="summary-tax-included">
              {tTax('included', {
                name: taxName(l.name),
                rate: formatRate(l.ratePpm, locale),
                amount: money(l.amountMinor),
              })}
            </p>
          ))
        : null}
      {tax && tax.lines.length === 0 ? <p className={styles.muted}>{tTax('none')}</p> : null}
      {!tax ? <p className={styles.muted}>{tTax('calculating')}</p> : null}
    </div>
  );
}
