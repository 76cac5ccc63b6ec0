/**
 * The badges of a discounted plan card: the running promotion (one of the promo-badge flags) and
 * the saving (flag promo-badge-discount). Plans at full price carry none.
 */
import { useTranslations } from 'next-intl';
import type { PlanBadges as Badges } from '../../rules/feature-flags';
import type { PlanChoice } from './plan-choice';
import badge from './badge.module.css';

export function PlanBadges({ plan, badges }: { plan: PlanChoice; badges: Badges }) {
  const t = useTranslations('plans');
  const discount = plan.price.discount;
  if (!discount) return null;
  return (
    <>
      {badges.promo ? (
        <span className={`${badge.badge} ${badge.promo}`} data-element="promo-badge">
          {t(`promo.${badges.promo}`)}
        </span>
      ) : null}
      {badges.discount ? (
        <span className={badge.badge}>{t('save', { percent: discount.percentageDiscount })}</span>
      ) : null}
    </>
  );
}
