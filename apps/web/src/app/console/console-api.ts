/**
 * The console's calls to /api/console/* (same origin: the session cookie goes along), through
 * the web's one api client: an answer is checked with its schema from the contract
 * (console-answers.ts), and one that does not match is refused as `unexpected_answer`.
 */
import { refusalIn } from '@checkout/core/contract';
import { request, type Answer, type RequestResult } from '../../lib/http';

export type ConsoleAnswer<T> =
  { ok: true; data: T; code?: undefined } | { ok: false; code: string; data?: undefined };

interface ConsoleInit {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
}

function consoleAnswerOf({ data, error }: RequestResult<unknown>): ConsoleAnswer<unknown> {
  if (!error) return { ok: true, data };
  const code = refusalIn(error.data)?.code;
  if (code !== undefined) return { ok: false, code: String(code) };
  const unexpected = error.status >= 200 && error.status < 300;
  return { ok: false, code: unexpected ? 'unexpected_answer' : String(error.status) };
}

/** A call whose answer is read names its schema; one answered 204 (a logout) needs none. */
export function consoleCall<T>(
  path: string,
  init: ConsoleInit & { answer: Answer<T> },
): Promise<ConsoleAnswer<T>>;
export function consoleCall(path: string, init: ConsoleInit): Promise<ConsoleAnswer<unknown>>;
export async function consoleCall<T>(
  path: string,
  init: ConsoleInit & { answer?: Answer<T> },
): Promise<ConsoleAnswer<unknown>> {
  return consoleAnswerOf(await request(`/api/console/${path}`, init));
}
