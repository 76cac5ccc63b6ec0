/**
 * The shell's controls and the browser's telemetry, in one chunk every page fetches as it
 * hydrates (lazy-shell.tsx) instead of with its first load: the language list, the privacy
 * button, the login line, the logged-in menu, and the telemetry's start (which waits for the
 * browser to be idle in any case).
 */
export { BrowserTelemetry } from './browser-telemetry';
export { LanguageSwitcher } from './language-switcher';
export { LoginLine, ProfileMenu } from '../auth/profile-menu';
export { PrivacyButton } from '../consent/privacy-button';
