/**
 * The auth provider's calls to the api, loaded when a login or a logout starts: the HTTP client
 * and the answer's schema stay out of every page's first load.
 */
import type { LoginRequest } from '@checkout/core/contract';
import { browserAnswer } from '../../lib/answers';
import { request } from '../../lib/http';
import { reportError } from '../../lib/report-error';

/** Asks the api for the identity provider's address and goes there; false when it failed. */
export async function sendLogin(language: string, body: LoginRequest): Promise<boolean> {
  const { data, error } = await request('/api/users/auth/login/', {
    answer: browserAnswer((s) => s.loginResponseSchema),
    method: 'POST',
    body: { language, ...body },
  });
  if (data?.redirect_uri) {
    window.location.assign(data.redirect_uri);
    return true;
  }
  reportError(error ?? new Error('login answered without redirect_uri'), 'failed-login-attempt');
  return false;
}

/** Deletes the session's token; a failure is reported (the page reloads either way). */
export async function deleteToken(): Promise<void> {
  const { error } = await request('/api/users/tokens/', { method: 'DELETE' });
  if (error) reportError(error, 'failed-delete-token');
}
