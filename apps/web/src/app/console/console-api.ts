/** The console's calls to /api/console/* (same origin: the session cookie goes along). */
export interface ConsoleAnswer<T> {
  ok: boolean;
  status: number;
  data?: T;
  code?: string;
}

export async function consoleCall<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ConsoleAnswer<T>> {
  const res = await fetch(`/api/console/${path}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  const json: unknown = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (res.ok) return { ok: true, status: res.status, data: json as T };
  const code =
    (json as { error?: { code?: string } } | undefined)?.error?.code ?? String(res.status);
  return { ok: false, status: res.status, code };
}
