/**
 * Error reports (spec §8): a fingerprint groups reports of one kind (failed-login-attempt,
 * failed-delete-token), the analytics label says what kind of error the shopper saw. The
 * reporting code (Sentry's SDK, the rules of §8/§9) loads only when the page is idle or an
 * error happens, so it never weighs on the first load.
 */
export interface ReportOptions {
  /** Groups every report of one kind into one issue. */
  fingerprint?: string;
  /** The analytics error label; by default the error's own, else 'Generic error'. */
  label?: string;
}

export function reportError(error: unknown, options: ReportOptions | string = {}): void {
  const { fingerprint, label } = typeof options === 'string' ? { fingerprint: options } : options;
  void import('./telemetry/browser-errors').then(({ captureError }) =>
    captureError(error, { fingerprint, label }),
  );
}
