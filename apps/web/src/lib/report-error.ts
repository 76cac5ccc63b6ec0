/**
 * Error reports with a fingerprint that groups them (spec §8: failed-login-attempt,
 * failed-delete-token). Until the error-reporting service of the telemetry work is wired, a
 * report is a structured console error, which the browser's and the server's logs keep.
 */
export function reportError(error: unknown, fingerprint: string): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[${fingerprint}]`, message);
}

/** A warning with a fingerprint (spec §8: e.g. the runtime dev-settings cookie in use). */
export function reportWarning(message: string, fingerprint: string): void {
  console.warn(`[${fingerprint}]`, message);
}
