/**
 * "Test mode": payments go to the sandbox gateway, as Stripe marks its test mode. Server-rendered,
 * no script; the note tells screen-reader users what the badge means.
 */
import { getTranslations } from 'next-intl/server';
import styles from './test-mode-badge.module.css';

export async function TestModeBadge() {
  const t = await getTranslations('header');
  return (
    <p className={styles.badge} data-testid="test-mode">
      {t('testMode')}
      <span className="visually-hidden">. {t('testModeNote')}</span>
    </p>
  );
}
