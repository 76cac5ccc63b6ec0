'use client';
/**
 * The profile area's two faces (spec §2). Logged out: 'Already a user? Log in to your Account'
 * (an avatar on small screens), disabled with dots while a login starts. Logged in: a menu with
 * the e-mail, 'My Account' and 'Log out' ('Logging out' with dots while it runs).
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useAppContext } from '../../context/app-context';
import { usePopover } from '../../context/popovers';
import { useAuth } from './auth-provider';
import header from '../shell/header.module.css';
import styles from './auth.module.css';

export function LoginLine() {
  const t = useTranslations('header');
  const { state, login } = useAuth();
  const busy = state === 'logging-in';
  return (
    <>
      <p className={header.loginLine}>
        {t('alreadyUser')}{' '}
        <button
          type="button"
          className={styles.loginButton}
          disabled={busy}
          onClick={() => login()}
        >
          {busy ? <span className={styles.dots}>{t('loggingIn')}</span> : t('logIn')}
        </button>
      </p>
      <button
        type="button"
        className={`${header.avatar} ${styles.loginButton}`}
        aria-label={t('logIn')}
        disabled={busy}
        onClick={() => login()}
      >
        <img src="/static/icons/avatar.svg" alt="" width={32} height={32} />
      </button>
    </>
  );
}

/**
 * The logged-in menu. 'My Account' opens the dashboard on the account site (`accountUrl` of the
 * brand; the built-in dashboard by default). A single popover: it closes every other one.
 */
export function ProfileMenu({
  showLogout,
  accountUrl,
}: {
  showLogout: boolean;
  accountUrl: string;
}) {
  const t = useTranslations('header');
  const { user } = useAppContext();
  const { state, logout } = useAuth();
  const { open, hide, toggle } = usePopover('profile-menu', 'single');
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) hide();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      hide();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, hide]);

  if (!user) return null;
  const loggingOut = state === 'logging-out';
  return (
    <div className={styles.menu} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('profileMenu', { email: user.email })}
        onClick={toggle}
      >
        <img src="/static/icons/avatar.svg" alt="" width={24} height={24} />
        <span className={styles.email}>{user.email}</span>
      </button>
      {open ? (
        <ul id={menuId} className={styles.menuList}>
          <li className={styles.menuHeader}>{user.email}</li>
          <li>
            <a className={styles.menuItem} href={accountUrl} data-element="my-account">
              {t('myAccount')}
            </a>
          </li>
          {showLogout ? (
            <li>
              <button
                type="button"
                className={styles.menuItem}
                disabled={loggingOut}
                aria-busy={loggingOut}
                onClick={logout}
              >
                {loggingOut ? <span className={styles.dots}>{t('loggingOut')}</span> : t('logOut')}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
