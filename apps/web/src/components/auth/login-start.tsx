'use client';
/**
 * The /login and /oauth2/login entries: start a login at once (unless the address already
 * started one, with a trusted pass token or force_login, which the auth provider runs), and
 * offer a button to try again. A shopper who is already logged in goes straight on.
 */
import { useEffect, useRef } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { localizedPath, QUERY_PARAMS } from '@checkout/core';
import { PREFERRED_FLOWS, safeRedirectTarget, type LoginRequest } from '@checkout/core/contract';
import { useAppContext } from '../../context/app-context';
import { useAuth } from './auth-provider';

export function LoginStart({ auto }: { auto: boolean }) {
  const t = useTranslations('login');
  const { user } = useAppContext();
  const { state, login } = useAuth();
  const started = useRef(false);
  // Without a target the login ends on the home page in this language.
  const home = localizedPath(useLocale(), '/');

  const start = () => {
    const params = new URLSearchParams(window.location.search);
    const target = params.get(QUERY_PARAMS.loginTarget) ?? home;
    if (user) {
      window.location.replace(safeRedirectTarget(target, window.location.origin) ?? home);
      return;
    }
    const flow = params.get('preferred_flow');
    const options: Pick<LoginRequest, 'login_target' | 'preferred_flow'> = { login_target: target };
    if ((PREFERRED_FLOWS as readonly (string | null)[]).includes(flow)) {
      options.preferred_flow = flow as LoginRequest['preferred_flow'];
    }
    login(options);
  };

  useEffect(() => {
    if (!auto || started.current) return;
    started.current = true;
    // The address itself started a login (force_login, a pass token): the provider runs it.
    if (state === 'logging-in') return;
    start();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <button type="button" className="button" disabled={state === 'logging-in'} onClick={start}>
      {auto ? t('continue') : t('tryAgain')}
    </button>
  );
}
