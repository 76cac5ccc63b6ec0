/** The header's profile area: the login line when logged out, the account menu when logged in. */
import { getAppContext } from '../../server/app-context.server';
import { LoginLine, ProfileMenu } from '../auth/profile-menu';
import styles from './header.module.css';

export async function ProfileArea({ showLogout }: { showLogout: boolean }) {
  const { user } = await getAppContext();
  return (
    <div className={styles.profile} data-profile-area>
      {user ? <ProfileMenu showLogout={showLogout} /> : <LoginLine />}
    </div>
  );
}
