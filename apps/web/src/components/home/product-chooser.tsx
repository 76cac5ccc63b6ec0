/** The product-group chooser of the home and products screens: one card per product. */
import { getLocale, getTranslations } from 'next-intl/server';
import {
  localizedPath,
  logoFor,
  PRODUCT_GROUPS,
  type Brand,
  type ProductGroup,
} from '@checkout/core';
import { RouterLink } from '../shell/router-link';
import styles from './product-chooser.module.css';

interface ProductChooserProps {
  brand: Brand;
  selected?: ProductGroup | undefined;
  label: string;
}

export async function ProductChooser({ brand, selected, label }: ProductChooserProps) {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  return (
    <ul className={styles.grid} aria-label={label}>
      {PRODUCT_GROUPS.map((group) => (
        <li
          key={group}
          className={`card ${styles.item}`}
          aria-current={group === selected ? 'true' : undefined}
          data-section="product-chooser"
          data-element={`product-${group}`}
        >
          <img src={`/static/icons/logo-${logoFor(group)}.svg`} alt="" width={32} height={32} />
          <h2 className={styles.name}>{brand.products[group].name}</h2>
          <p className={styles.tagline}>{t(`productTaglines.${group}`)}</p>
          <RouterLink
            className="button"
            href={`${localizedPath(locale, '/payment/')}?${new URLSearchParams({ product_group: group })}`}
            aria-label={`${t('home.choose')}: ${brand.products[group].name}`}
          >
            {t('home.choose')}
          </RouterLink>
        </li>
      ))}
    </ul>
  );
}
