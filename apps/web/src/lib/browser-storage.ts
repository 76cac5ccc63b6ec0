/**
 * Local and session storage that never throws: storage may be full, disabled or blocked (private
 * modes, a sandboxed frame), and a checkout must work without it.
 */
type Area = 'local' | 'session';

function areaOf(area: Area): Storage | null {
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(area: Area, key: string): string | null {
  try {
    return areaOf(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value`, or removes the key for null. */
export function writeStored(area: Area, key: string, value: string | null): void {
  try {
    const storage = areaOf(area);
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value is simply not remembered.
  }
}
