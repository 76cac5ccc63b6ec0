/** The dashboard's calls to the api on the logged-in account's behalf. */
import { request } from '../../../lib/http';

/** One action's request: the api answers 2xx when it is done (or was already). */
export interface AccountRequest {
  method: 'PUT' | 'POST';
  url: string;
  body: Record<string, unknown>;
}

/** True when the api did it; false on a refusal or a network failure (the caller says so). */
export async function sendAccountAction({ method, url, body }: AccountRequest): Promise<boolean> {
  const { error } = await request(url, { method, body });
  return error === null;
}
