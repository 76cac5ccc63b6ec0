'use client';
/**
 * Auth state of spec §4 (undefined, logging-in, logging-out) and its transitions: login starts
 * on force_login without a user or on a trusted pass token, the browser then goes to the
 * identity provider; logout deletes the token and reloads the address without the login and
 * cart parameters; a logged-in page restored from the back/forward cache reloads.
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
import {
  LOGIN_PARAMS,
  LOGIN_TRIGGER_PARAMS,
  LOGOUT_STRIPPED_PARAMS,
  shouldStartLogin,
  type AuthState,
  type LoginRequest,
} from '@checkout/core/contract';
import { useAppContext } from '../../context/app-context';
import { useQueryParams } from '../../context/query-params';
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

/**
 * The login the address asks for on arrival (spec §4), or null. `identifier` names the account a
 * purchase is for: nobody or someone else logged in means a login as that account first.
 */
function arrivalLogin(params: URLSearchParams, userId: string | null): LoginRequest | null {
  const passToken =
    params.get(LOGIN_PARAMS.trustedPassToken) ?? params.get(LOGIN_PARAMS.exchangeToken);
  const checked = new URLSearchParams(params);
  if (passToken) checked.set(LOGIN_PARAMS.trustedPassToken, passToken);
  // Core's rule for `identifier` (1 to 128 characters), checked here without its zod schema,
  // which would put zod into every page's first load; the api checks the login request again.
  const named = params.get(LOGIN_PARAMS.identifier)?.trim();
  const account = named && named.length <= 128 ? named : null;
  const otherAccount = account !== null && account !== userId;
  if (!otherAccount && !shouldStartLogin(checked, userId !== null)) return null;
  const ownerId = params.get(LOGIN_PARAMS.ownerId) ?? account;
  return {
    ...(passToken ? { trusted_pass_token: passToken } : {}),
    ...(ownerId ? { owner_id: ownerId } : {}),
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { user, language } = useAppContext();
  const { params } = useQueryParams();
  const t = useTranslations('header');
  const common = useTranslations('common');
  // Decided once, from the address as it arrived (before the clean-up strips the token).
  const [onArrival] = useState(() => arrivalLogin(params, user?.id ?? null));
  const [arrivalParams] = useState(() => [...LOGIN_TRIGGER_PARAMS].some((n) => params.has(n)));
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
      void sendLogin({ login_target: addressWithout(LOGIN_TRIGGER_PARAMS), ...options }).then(
        loginFailed,
      );
    },
    [sendLogin, loginFailed],
  );

  const logout = useCallback(() => {
    setState('logging-out');
    void loadRequests()
      .then((requests) => requests.deleteToken())
      // The request's code did not load: the page reloads, as after a failed request.
      .catch(() => undefined)
      .then(() => window.location.assign(addressWithout(LOGOUT_STRIPPED_PARAMS)));
  }, []);

  useEffect(() => {
    if (onArrival) {
      // `identifier` goes too: whichever account the login ends in, it is not asked again.
      const consumed = [
        ...LOGIN_TRIGGER_PARAMS,
        LOGIN_PARAMS.exchangeToken,
        LOGIN_PARAMS.ownerId,
        LOGIN_PARAMS.identifier,
      ];
      void sendLogin({ login_target: addressWithout(consumed), ...onArrival }).then(loginFailed);
    } else if (arrivalParams) {
      window.history.replaceState(window.history.state, '', addressWithout(LOGIN_TRIGGER_PARAMS));
    }
  }, [onArrival, arrivalParams, sendLogin, loginFailed]);

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
