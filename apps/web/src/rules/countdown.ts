/** The promotional countdown (spec §4): active while its end time (ms) is 0 or in the future. */
export type CountdownState = 'active' | 'inactive';

export function countdownState(endTime: number, now: number): CountdownState {
  return endTime === 0 || endTime >= now ? 'active' : 'inactive';
}

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function remainingTime(endTime: number, now: number): Remaining {
  const total = Math.max(0, Math.floor((endTime - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
