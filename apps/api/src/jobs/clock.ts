/**
 * The api's clock for what is due by date (renewals, dunning, reminders): those read time only
 * from here, so a test or the sandbox clock endpoint (non-production) can move it forward
 * without sleeping. Everything else keeps the real time.
 */
export interface Clock {
  now(): Date;
}

/** Real time plus an offset that only moves forward (the sandbox's "fast-forward"). */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward; answers the new time. */
  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}

/**
 * This process's clock. One per process, not per app: a subscription's anchor is taken where
 * the paid order's move is composed (orders/subscriptions.ts), far from the app's wiring, and
 * must agree with the clock renewals read, or a purchase after a fast-forward would be due at once.
 */
export const processClock = new AdjustableClock();
