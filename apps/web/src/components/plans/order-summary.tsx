'use client';
/** The order summary: the chosen plan, its discount and coupon, and the total due today. */
import { useTranslations } from 'next-intl';
import { formatPrice } from '@checkout/core';
import { beforeDiscountText, totalText } from './format';
import { usePlanSelection } from './selection';
import styles from './order-summary.module.css';

export function OrderSummary({ locale, productName }: { locale: string; productName: string }) {
  const t = useTranslations('summary');
  const tPlans = useTranslations('plans');
  const { selected } = usePlanSelection();
  if (!selected) return <p className={styles.muted}>{t('nothing')}</p>;
  const { price } = selected;
  const currency = price.currency.code;
  const before = beforeDiscountText(price, locale);
  const saved = price.discount
    ? price.discount.totalBeforeDiscountInMinorUnits - price.totalInMinorUnits
    : 0;
  return (
    <div className={styles.summary} aria-live="polite" data-element="order-summary">
      <dl className={styles.lines}>
        <div className={styles.line}>
          <dt>
            <strong>{t('plan', { product: productName, tier: selected.tier })}</strong>
            <span className={styles.muted}>
              {t('period', {
                period: tPlans(`period.${selected.period.unit}`, {
                  count: selected.period.interval,
                }),
              })}
            </span>
          </dt>
          <dd>{before ?? totalText(price, locale)}</dd>
        </div>
        {saved > 0 ? (
          <div className={styles.line} data-element="summary-discount">
            <dt>{selected.coupon ? t('coupon', { code: selected.coupon.code }) : t('discount')}</dt>
            <dd className={styles.discount}>−{formatPrice(saved, currency, locale)}</dd>
          </div>
        ) : null}
        <div className={`${styles.line} ${styles.total}`}>
          <dt>{t('total')}</dt>
          <dd data-element="summary-total">{totalText(price, locale)}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{t('taxNote')}</p>
    </div>
  );
}
