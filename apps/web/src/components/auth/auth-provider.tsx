'use client';
/**
 * Auth state of spec §4 (undefined, logging-in, logging-out) and its transitions: login starts
 * on force_login without a user or on a trusted pass token, the browser then goes to the
 * identity provider; logout deletes the token and reloads the address without the login and
 * cart parameters; a logged-in page restored from the back/forward cache reloads. The server
 * reads the arriving address (arrival.ts): the login rules stay out of the first load.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslations } from 'next-intl';
import type { AuthState, LoginRequest } from '@checkout/core/contract';
import { useAppContext } from '../../context/app-context';
import type { Arrival, ArrivalLogin } from './arrival';
import styles from './auth.module.css';

/** The login and logout requests, loaded when one starts. */
const loadRequests = () => import('./auth-requests');

interface Auth {
  state: AuthState;
  login: (options?: Pick<LoginRequest, 'preferred_flow' | 'login_target'>) => void;
  logout: () => void;
}

const Context = createContext<Auth | null>(null);

/** The current address without some parameters. */
function addressWithout(names: readonly string[]): string {
  const url = new URL(window.location.href);
  for (const name of names) url.searchParams.delete(name);
  return url.toString();
}

/** The arrival's login request: the pass token read from the address, where the server left it. */
function arrivalRequest({ tokenParam, ownerId }: ArrivalLogin): LoginRequest {
  const token = tokenParam ? new URL(window.location.href).searchParams.get(tokenParam) : null;
  return {
    ...(token ? { trusted_pass_token: token } : {}),
    ...(ownerId ? { owner_id: ownerId } : {}),
  };
}

export function AuthProvider({ arrival, children }: { arrival: Arrival; children: ReactNode }) {
  const { user, language } = useAppContext();
  const t = useTranslations('header');
  const common = useTranslations('common');
  // Decided once, from the address as it arrived (before the clean-up strips the token).
  const [{ login: onArrival, strip, loginStrips, logoutStrips }] = useState(arrival);
  const [state, setState] = useState<AuthState>(onArrival ? 'logging-in' : undefined);
  const [failed, setFailed] = useState(false);

  /** Asks the api for the identity provider's address and goes there; false when it failed. */
  const sendLogin = useCallback(
    (body: LoginRequest): Promise<boolean> =>
      loadRequests().then(
        (requests) => requests.sendLogin(language.urlCode, body),
        // The request's code did not load (the connection dropped): as a failed start.
        () => false,
      ),
    [language.urlCode],
  );
  const loginFailed = useCallback((sent: boolean) => {
    if (sent) return;
    setFailed(true);
    setState(undefined);
  }, []);

  const login = useCallback<Auth['login']>(
    (options = {}) => {
      setState('logging-in');
      setFailed(false);
      void sendLogin({ login_target: addressWithout(loginStrips), ...options }).then(loginFailed);
    },
    [sendLogin, loginFailed, loginStrips],
  );

  const logout = useCallback(() => {
    setState('logging-out');
    void loadRequests()
      .then((requests) => requests.deleteToken())
      // The request's code did not load: the page reloads, as after a failed request.
      .catch(() => undefined)
      .then(() => window.location.assign(addressWithout(logoutStrips)));
  }, [logoutStrips]);

  useEffect(() => {
    if (onArrival) {
      const request = arrivalRequest(onArrival);
      void sendLogin({ login_target: addressWithout(strip), ...request }).then(loginFailed);
    } else if (strip.length > 0) {
      window.history.replaceState(window.history.state, '', addressWithout(strip));
    }
  }, [onArrival, strip, sendLogin, loginFailed]);

  useEffect(() => {
    if (!user) return;
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [user]);

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout]);
  return (
    <Context value={value}>
      {/* Covers the page rather than unmounting it: a failed start leaves the checkout as it was. */}
      {state === 'logging-in' ? (
        <div className={styles.fullPage} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <span>{t('startingLogin')}</span>
        </div>
      ) : null}
      {children}
      {failed ? (
        <p className={styles.notice} role="alert">
          {t('unexpectedError')}
          <button
            type="button"
            className="link-button"
            onClick={() => setFailed(false)}
            aria-label={common('close')}
          >
            ×
          </button>
        </p>
      ) : null}
    </Context>
  );
}

export function useAuth(): Auth {
  const value = useContext(Context);
  if (!value) throw new Error('useAuth is used outside of AuthProvider');
  return value;
}
