/** Page footer: optional disclaimer, legal links per product, privacy button, language, ©. */
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { footerLinksFor, privacyButtonKind, type Brand, type ProductGroup } from '@checkout/core';
import { resolveLink } from '../../server/links';
import { LanguageSwitcher } from './language-switcher';
import { LazyPrivacyButton } from './lazy-shell';
import styles from './footer.module.css';

interface FooterProps {
  brand: Brand;
  group: ProductGroup | undefined;
  country: string;
  disclaimer?: ReactNode;
}

export async function Footer({ brand, group, country, disclaimer }: FooterProps) {
  const t = await getTranslations('footer');
  const locale = await getLocale();
  const links = footerLinksFor(brand, group);
  const privacyKind = privacyButtonKind(country);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {disclaimer ? (
          <p className={styles.disclaimer} data-element="payment-disclaimer">
            {disclaimer}
          </p>
        ) : null}
        <div className={styles.row}>
          <nav aria-label={t('legalLinks')}>
            <ul className={styles.links}>
              <li>
                <a href={resolveLink(links.supportCenter, locale)} data-outgoing>
                  {t('supportCenter')}
                </a>
              </li>
              <li>
                <a href={resolveLink(links.termsOfService, locale)}>{t('termsOfService')}</a>
              </li>
              <li>
                <a href={resolveLink(links.privacyPolicy, locale)}>{t('privacyPolicy')}</a>
              </li>
              <li>
                <LazyPrivacyButton kind={privacyKind} label={t(privacyKind)} />
              </li>
            </ul>
          </nav>
          <LanguageSwitcher label={t('language')} />
        </div>
        <p className={styles.copyright}>
          {t('copyright', { year: new Date().getFullYear(), company: brand.companyName })}
        </p>
      </div>
    </footer>
  );
}
