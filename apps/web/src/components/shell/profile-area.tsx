/** Logged-out profile area: the login line, or an avatar icon on small screens. */
import { getTranslations } from 'next-intl/server';
import { Link } from '../../i18n/navigation';
import styles from './header.module.css';

export async function ProfileArea() {
  const t = await getTranslations('header');
  return (
    <div className={styles.profile} data-profile-area>
      <p className={styles.loginLine}>
        {t('alreadyUser')} <Link href="/login">{t('logIn')}</Link>
      </p>
      <Link href="/login" className={styles.avatar} aria-label={t('logIn')}>
        <img src="/static/icons/avatar.svg" alt="" width={32} height={32} />
      </Link>
    </div>
  );
}
