'use client';
/** Tier and billing-period choice with per-month price, discount, extra period and renewal. */
import { useId } from 'react';
import { useMessages, useTranslations } from 'next-intl';
import type { PlanBadges as Badges } from '../../rules/feature-flags';
import { useCheckout } from '../checkout/checkout-provider';
import { withCouponPrice, type PlanChoice } from './plan-choice';
import { ReferencePrice } from './reference-price';
import { beforeDiscountText, perMonthText, totalText } from './format';
import { usePlanSelection } from './selection';
import { PlanFeatures } from './plan-features';
import { PlanBadges } from './plan-badges';
import { usePeriodName } from './period-name';
import styles from './plan-picker.module.css';

interface PlanPickerProps {
  locale: string;
  /** Flag plan-period-dropdown: periods in a select instead of cards. */
  periodDropdown: boolean;
  /** Flag renewal-price-disclaimer. */
  renewalDisclaimer: boolean;
  /** The promo-badge flags: what discounted period cards announce. */
  badges: Badges;
  /** renewal-price-disclaimer:prominent — the disclaimer in a highlighted box. */
  renewalProminent?: boolean;
  /** Flag plan-upsell, plan-upsell:upsell — an offer to move up to the next tier. */
  upsell?: boolean;
  /** plan-title:display-title — period cards titled with the catalog's display title. */
  displayTitles?: boolean;
  /** plan-features:first — "What you get" above the billing periods. */
  featuresFirst?: boolean;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

export function PlanPicker({
  locale,
  periodDropdown,
  renewalDisclaimer,
  renewalProminent = false,
  upsell = false,
  displayTitles = false,
  featuresFirst = false,
  badges,
}: PlanPickerProps) {
  const t = useTranslations('plans');
  const messages = useMessages();
  const { plans, selected, select } = usePlanSelection();
  const { cart } = useCheckout();
  const groupId = useId();
  const periodText = usePeriodName();
  // The plan the cart's coupon applies to is offered at the coupon's price, as the summary shows.
  const couponLine = cart?.coupon
    ? cart.lines.find((l) => l.kind === 'main' && l.couponMinor !== undefined)
    : undefined;
  const shown = (plan: PlanChoice) =>
    couponLine?.plan === plan.identifier ? withCouponPrice(plan, couponLine.amountMinor) : plan;
  // Feature labels have no placeholders; catalog services without one fall back to their title.
  const serviceLabels: Partial<Record<string, string>> = messages.plans.service;
  if (!selected) return <p>{t('empty')}</p>;

  const tiers = unique(plans.map((p) => p.tier));
  const periodsOfTier = plans.filter((p) => p.tier === selected.tier).map(shown);
  const chooseTier = (tier: string) => {
    const samePeriod = plans.find(
      (p) => p.tier === tier && p.period.identifier === selected.period.identifier,
    );
    const any = samePeriod ?? plans.find((p) => p.tier === tier);
    if (any) select(any.identifier);
  };

  const nextTier = tiers[tiers.indexOf(selected.tier) + 1];
  const upsellPlan = nextTier
    ? (plans.find(
        (p) => p.tier === nextTier && p.period.identifier === selected.period.identifier,
      ) ?? plans.find((p) => p.tier === nextTier))
    : undefined;
  const features = (
    <div>
      <h3 className={styles.featuresTitle}>{t('includes')}</h3>
      <PlanFeatures services={selected.services} labels={serviceLabels} />
    </div>
  );

  return (
    <div className={styles.picker} data-element="plan-picker">
      {featuresFirst ? features : null}
      {tiers.length > 1 ? (
        <fieldset className={styles.tiers}>
          <legend className={styles.legend}>{t('tierLabel')}</legend>
          <div className={styles.segmented}>
            {tiers.map((tier) => (
              <label
                key={tier}
                className={styles.segment}
                data-element={`tier-${tier.toLowerCase()}`}
              >
                <input
                  type="radio"
                  name={`${groupId}-tier`}
                  value={tier}
                  checked={selected.tier === tier}
                  onChange={() => chooseTier(tier)}
                />
                <span>{tier}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {periodDropdown ? (
        <label className={styles.dropdown}>
          <span className={styles.legend}>{t('periodLabel')}</span>
          <select value={selected.identifier} onChange={(e) => select(e.target.value)}>
            {periodsOfTier.map((plan) => (
              <option key={plan.identifier} value={plan.identifier}>
                {periodText(plan.period)} ·{' '}
                {t('perMonth', { price: perMonthText(plan.price, locale) })}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <fieldset className={styles.periods}>
          <legend className={styles.legend}>{t('periodLabel')}</legend>
          {periodsOfTier.map((plan) => {
            const before = beforeDiscountText(plan.price, locale);
            const monthly = plan.period.unit === 'Month' && plan.period.interval === 1;
            return (
              <label
                key={plan.identifier}
                className={styles.period}
                data-element={`period-${plan.period.identifier}`}
                data-plan={plan.identifier}
              >
                <input
                  type="radio"
                  name={`${groupId}-period`}
                  value={plan.identifier}
                  checked={selected.identifier === plan.identifier}
                  onChange={() => select(plan.identifier)}
                />
                <span className={styles.periodBody}>
                  <span className={styles.periodTitle}>
                    {displayTitles ? plan.displayTitle : periodText(plan.period)}
                    {plan.extraPeriod ? (
                      <span className={styles.extra}>
                        {t('extra', { period: periodText(plan.extraPeriod) })}
                      </span>
                    ) : null}
                  </span>
                  <PlanBadges plan={plan} badges={badges} />
                  <span className={styles.perMonth}>
                    {t('perMonth', { price: perMonthText(plan.price, locale) })}
                  </span>
                  <span className={styles.billing}>
                    {before ? (
                      <>
                        <ReferencePrice price={before} />
                        {' · '}
                      </>
                    ) : null}
                    {monthly
                      ? t('billedEvery', {
                          total: totalText(plan.price, locale),
                          period: periodText(plan.period),
                        })
                      : t('billedFirst', {
                          total: totalText(plan.price, locale),
                          period: periodText(plan.period),
                        })}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}

      {renewalDisclaimer ? (
        <p
          className={renewalProminent ? `${styles.renewal} ${styles.prominent}` : styles.renewal}
          data-element="renewal-disclaimer"
        >
          {t('renewal', {
            price: totalText(selected.nextChargePlan.price, locale),
            period: periodText(selected.nextChargePlan.period),
          })}
        </p>
      ) : null}

      {upsell && upsellPlan ? (
        <button
          type="button"
          className={`button button-secondary ${styles.upsell}`}
          onClick={() => select(upsellPlan.identifier)}
          data-element="plan-upsell"
        >
          {t('upsell', {
            tier: upsellPlan.tier,
            price: perMonthText(upsellPlan.price, locale),
          })}
        </button>
      ) : null}

      {featuresFirst ? null : features}
    </div>
  );
}
