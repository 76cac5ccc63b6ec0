/** /products/ for one product group: every tier side by side at its 1-year price. */
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { PackageView } from '@checkout/core/contract';
import type { PlanBadges as Badges } from '../../rules/feature-flags';
import { localizedPath, type ProductGroup } from '@checkout/core';
import { RouterLink } from '../shell/router-link';
import { beforeDiscountText, perMonthText } from './format';
import { ReferencePrice } from './reference-price';
import { PlanFeatures } from './plan-features';
import { PlanBadges } from './plan-badges';
import styles from './plan-comparison.module.css';

interface PlanComparisonProps {
  pkg: PackageView;
  group: ProductGroup;
  locale: string;
  badges: Badges;
}

export async function PlanComparison({ pkg, group, locale, badges }: PlanComparisonProps) {
  const [t, messages, urlCode] = await Promise.all([getTranslations(), getMessages(), getLocale()]);
  const serviceLabels: Partial<Record<string, string>> = messages.plans.service;
  const yearly = pkg.plans.filter((p) => p.period.identifier === '1y');
  return (
    <>
      <p className={styles.note}>{t('products.yearlyNote')}</p>
      <ul className={styles.grid}>
        {yearly.map((plan) => {
          const before = beforeDiscountText(plan.price, locale);
          return (
            <li key={plan.identifier} className={`card ${styles.plan}`} data-plan={plan.identifier}>
              <h2 className={styles.tier}>{plan.tier}</h2>
              <PlanBadges plan={plan} badges={badges} />
              <p className={styles.price}>
                {t('plans.perMonth', { price: perMonthText(plan.price, locale) })}
              </p>
              {before ? <ReferencePrice price={before} className={styles.before} /> : null}
              <div className={styles.features}>
                <PlanFeatures services={plan.services} labels={serviceLabels} />
              </div>
              <RouterLink
                className="button"
                href={`${localizedPath(urlCode, '/payment/')}?${new URLSearchParams({
                  product_group: group,
                  product: plan.identifier,
                })}`}
              >
                {t('plans.choose', { plan: plan.tier })}
              </RouterLink>
            </li>
          );
        })}
      </ul>
      <RouterLink href={localizedPath(urlCode, '/products/')}>{t('products.back')}</RouterLink>
    </>
  );
}
