'use client';
/**
 * The header's and footer's controls and the browser's telemetry (shell-controls.ts): the server
 * renders the controls with the page; their code (about 2 KB gzip) is fetched as the page
 * hydrates rather than with its first load, and each hydrates once it is in. A shopper starts
 * with the page's own content, not with these.
 */
import { deferred } from '../../lib/deferred';

const load = () => import('./shell-controls');

export const LazyBrowserTelemetry = deferred(load, (m) => m.BrowserTelemetry);
export const LazyLoginLine = deferred(load, (m) => m.LoginLine);
export const LazyPrivacyButton = deferred(load, (m) => m.PrivacyButton);
export const LazyProfileMenu = deferred(load, (m) => m.ProfileMenu);
