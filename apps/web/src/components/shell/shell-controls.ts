/**
 * The shell's controls and the browser's telemetry, in one chunk every page fetches as it
 * hydrates (lazy-shell.tsx) instead of with its first load: the privacy button, the login line,
 * the logged-in menu, and the telemetry's start (which waits for the browser to be idle in any
 * case). The language list stays in the first load: a choice made the moment the page has
 * loaded must take (e2e/shell.spec.ts).
 */
export { BrowserTelemetry } from './browser-telemetry';
export { LoginLine, ProfileMenu } from '../auth/profile-menu';
export { PrivacyButton } from '../consent/privacy-button';
