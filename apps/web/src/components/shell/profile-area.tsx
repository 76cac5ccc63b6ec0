/** The header's profile area: the login line when logged out, the account menu when logged in. */
import { getAppContext } from '../../server/app-context.server';
import { getBrand } from '../../server/brand.server';
import { resolveLink } from '../../server/links';
import { LazyLoginLine, LazyProfileMenu } from './lazy-shell';
import styles from './header.module.css';

export async function ProfileArea({ showLogout }: { showLogout: boolean }) {
  const { user, language } = await getAppContext();
  return (
    <div className={styles.profile} data-profile-area>
      {user ? (
        <LazyProfileMenu
          showLogout={showLogout}
          accountUrl={resolveLink(getBrand().accountUrl, language.urlCode)}
        />
      ) : (
        <LazyLoginLine />
      )}
    </div>
  );
}
