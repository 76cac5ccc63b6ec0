'use client';

import { useRouter } from 'next/navigation';
import Link from 'next/link';
import { useLocale } from 'next-intl';
import { consoleCall } from './console-api';
import { useConsoleText } from './console-text';
import styles from './console.module.css';

export function ConsoleBar() {
  const t = useConsoleText('nav');
  const lang = useLocale();
  const router = useRouter();
  const logout = async () => {
    await consoleCall('session/', { method: 'DELETE' });
    router.push(`/console/${lang}/`);
  };
  return (
    <nav className={styles.bar}>
      <strong>{t('title')}</strong>
      <Link href={`/console/${lang}/orders/`}>{t('orders')}</Link>
      <Link href={`/console/${lang}/catalog/`}>{t('catalog')}</Link>
      <Link href={`/console/${lang}/coupons/`}>{t('coupons')}</Link>
      <Link href={`/console/${lang}/customers/`}>{t('customers')}</Link>
      <Link href={`/console/${lang}/audit/`}>{t('audit')}</Link>
      <Link href={`/console/${lang}/staff/`}>{t('staff')}</Link>
      <Link href={`/console/${lang}/experiments/`}>{t('experiments')}</Link>
      <Link href={`/console/${lang}/funnels/`}>{t('funnels')}</Link>
      <Link href={`/console/${lang}/security/`}>{t('security')}</Link>
      <button type="button" className={styles.button} onClick={() => void logout()}>
        {t('logout')}
      </button>
    </nav>
  );
}
