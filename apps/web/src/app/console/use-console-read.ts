'use client';

/**
 * A console list read once on mount and again after every action that succeeded; each action's
 * outcome is kept for the page's notice (a failed read shows there too).
 */
import { useEffect, useState } from 'react';
import type { ConsoleAnswer } from './console-api';

export interface Outcome {
  ok: boolean;
  code?: string | undefined;
}

export function useConsoleRead<T>(read: () => Promise<ConsoleAnswer<T>>) {
  const [data, setData] = useState<T>();
  const [outcome, setOutcome] = useState<Outcome>();
  const show = (res: ConsoleAnswer<T>) => {
    if (res.ok) setData(res.data);
    else setOutcome({ ok: false, code: res.code });
  };
  useEffect(() => {
    void read().then(show);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount; `settle` reads again
  }, []);
  /** Keeps an action's outcome, and reads the list again when it succeeded. */
  const settle = async (res: ConsoleAnswer<unknown>) => {
    setOutcome({ ok: res.ok, code: res.code });
    if (res.ok) show(await read());
  };
  return { data, outcome, setOutcome, settle };
}
