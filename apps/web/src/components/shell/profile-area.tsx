/** The header's profile area: the login line when logged out, the account menu when logged in. */
import { getAppContext } from '../../server/app-context.server';
import { getBrand } from '../../server/brand.server';
import { resolveLink } from '../../server/links';
import { LoginLine, ProfileMenu } from '../auth/profile-menu';
import styles from './header.module.css';

export async function ProfileArea({ showLogout }: { showLogout: boolean }) {
  const { user, language } = await getAppContext();
  return (
    <div className={styles.profile} data-profile-area>
      {user ? (
        <ProfileMenu
          showLogout={showLogout}
          accountUrl={resolveLink(getBrand().accountUrl, language.urlCode)}
        />
      ) : (
        <LoginLine />
      )}
    </div>
  );
}
