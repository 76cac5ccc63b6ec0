/**
 * What the address a visitor arrives with asks of the auth provider (spec §4), decided by the
 * server from the request's address, so the browser's first load carries neither the login
 * parameters nor the rule: a login to start, or login parameters to take off the address.
 */
import {
  LOGIN_PARAMS,
  LOGIN_TRIGGER_PARAMS,
  LOGOUT_STRIPPED_PARAMS,
  shouldStartLogin,
} from '@checkout/core/contract';

/**
 * A login to start on arrival: the owner it is for, and which parameter holds the trusted pass
 * token, whose value the browser reads from its own address (no token rides in the page).
 */
export interface ArrivalLogin {
  tokenParam: string | null;
  ownerId: string | null;
}

export interface Arrival {
  /** The login to start at once, or null. */
  login: ArrivalLogin | null;
  /** Taken off the address on arrival: with a login, off its return address. */
  strip: readonly string[];
  /** Taken off the return address of a login the shopper starts. */
  loginStrips: readonly string[];
  /** Taken off the address on logout. */
  logoutStrips: readonly string[];
}

/**
 * The login the address asks for on arrival, or null. `identifier` names the account a
 * purchase is for: nobody or someone else logged in means a login as that account first.
 */
function arrivalLogin(params: URLSearchParams, userId: string | null): ArrivalLogin | null {
  const tokenParam = [LOGIN_PARAMS.trustedPassToken, LOGIN_PARAMS.exchangeToken].find(
    (name) => params.get(name) !== null,
  );
  const passToken = tokenParam === undefined ? null : params.get(tokenParam);
  const checked = new URLSearchParams(params);
  if (passToken) checked.set(LOGIN_PARAMS.trustedPassToken, passToken);
  // Core's rule for `identifier` (1 to 128 characters); the api checks the login request again.
  const named = params.get(LOGIN_PARAMS.identifier)?.trim();
  const account = named && named.length <= 128 ? named : null;
  const otherAccount = account !== null && account !== userId;
  if (!otherAccount && !shouldStartLogin(checked, userId !== null)) return null;
  const ownerId = params.get(LOGIN_PARAMS.ownerId) ?? account;
  return { tokenParam: passToken ? (tokenParam ?? null) : null, ownerId: ownerId || null };
}

const STRIPS = { loginStrips: LOGIN_TRIGGER_PARAMS, logoutStrips: LOGOUT_STRIPPED_PARAMS };

export function arrivalOf(params: URLSearchParams, userId: string | null): Arrival {
  const login = arrivalLogin(params, userId);
  if (login) {
    // `identifier` goes too: whichever account the login ends in, it is not asked again.
    const consumed = [
      ...LOGIN_TRIGGER_PARAMS,
      LOGIN_PARAMS.exchangeToken,
      LOGIN_PARAMS.ownerId,
      LOGIN_PARAMS.identifier,
    ];
    return { login, strip: consumed, ...STRIPS };
  }
  return { login: null, strip: LOGIN_TRIGGER_PARAMS.filter((name) => params.has(name)), ...STRIPS };
}
