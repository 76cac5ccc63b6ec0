'use client';
/** The cross-sell offer for the main product: add or remove it, and the summary follows. */
import { useTranslations } from 'next-intl';
import { beforeDiscountText, totalText } from '../plans/format';
import { ReferencePrice } from '../plans/reference-price';
import { useCheckout } from './checkout-provider';
import styles from './cross-sell-section.module.css';

export function CrossSellSection({
  locale,
  productName,
  benefitCopy = false,
}: {
  locale: string;
  productName: string;
  /** cross-sell-copy:benefit — the offer says what the product adds, not only its name. */
  benefitCopy?: boolean;
}) {
  const t = useTranslations('crossSell');
  const tPlans = useTranslations('plans');
  const { crossSellPlans, crossSell, save, saving } = useCheckout();
  return (
    <ul className={styles.offers}>
      {crossSellPlans.map((plan) => {
        const added = crossSell === plan.identifier;
        const before = beforeDiscountText(plan.price, locale);
        const name =
          plan.type === 'family' ? `${productName} · ${tPlans('subgroup.family')}` : productName;
        return (
          <li
            key={plan.identifier}
            className={styles.offer}
            data-element={`cross-sell-${plan.identifier}`}
          >
            <div>
              <p className={styles.name}>
                {t(benefitCopy ? 'offerBenefit' : 'offer', { product: name })}
              </p>
              <p className={styles.price}>
                {before ? (
                  <>
                    <ReferencePrice price={before} />
                    {' · '}
                  </>
                ) : null}
                {t('price', { price: totalText(plan.price, locale) })}
              </p>
              {added ? (
                <p role="status" className={styles.added}>
                  {t('added', { product: name })}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className={added ? 'button button-secondary' : 'button'}
              aria-pressed={added}
              disabled={saving}
              onClick={() => void save({ crossSellPlan: added ? null : plan.identifier })}
            >
              {added ? t('remove') : t('add')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
