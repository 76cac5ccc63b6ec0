import { describe, expect, it } from 'vitest';
import { countdownState, remainingTime } from './countdown';
import { countdownStorageKey } from '@checkout/core';

describe('countdown', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it.each([
    [0, 'active'],
    [now, 'active'],
    [now + 1, 'active'],
    [now - 1, 'inactive'],
  ] as const)('end time %i is %s', (end, state) => {
    expect(countdownState(end, now)).toBe(state);
  });

  it('splits the remaining time and never goes negative', () => {
    expect(remainingTime(now + 90_061_000, now)).toEqual({
      days: 1,
      hours: 1,
      minutes: 1,
      seconds: 1,
    });
    expect(remainingTime(now - 5000, now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownStorageKey('vpn')).toBe('countdown_vpn');
  });
});
