/** Page header: the product logo (by product group) and, optionally, the profile area. */
import { getLocale, getTranslations } from 'next-intl/server';
import { localizedPath, logoFor, type Brand, type ProductGroup } from '@checkout/core';
import { RouterLink } from './router-link';
import { ProfileArea } from './profile-area';
import { TestModeBadge } from './test-mode-badge';
import styles from './header.module.css';

interface HeaderProps {
  brand: Brand;
  group: ProductGroup | undefined;
  /** Options of spec §2: the login area and the log-out item can each be hidden. */
  showLogin: boolean;
  showLogout: boolean;
  /** The sandbox gateway takes the payments. */
  testMode: boolean;
}

export async function Header({ brand, group, showLogin, showLogout, testMode }: HeaderProps) {
  const [t, locale] = await Promise.all([getTranslations('header'), getLocale()]);
  const kind = logoFor(group);
  const name = group ? brand.products[group].name : brand.checkoutTitle;
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <RouterLink
          href={localizedPath(locale, '/')}
          className={styles.logo}
          aria-label={t('homeLink', { name })}
        >
          <img src={`/static/icons/logo-${kind}.svg`} alt="" width={32} height={32} />
          <span className={styles.name}>{name}</span>
        </RouterLink>
        {testMode ? <TestModeBadge /> : null}
        {showLogin ? <ProfileArea showLogout={showLogout} /> : null}
      </div>
    </header>
  );
}
