'use client';
/**
 * Starts the browser's tracing and error reporting once the page is idle: none of it is in the
 * first-load JavaScript, and the shopper's first interactions never wait for it.
 */
import { useEffect } from 'react';
import {
  configureBrowserTelemetry,
  type BrowserTelemetryConfig,
} from '../../lib/telemetry/browser-config';

/** When the browser has nothing better to do, or after a few seconds at the latest. */
function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 2_000);
}

let started = false;

export function BrowserTelemetry({ config }: { config: BrowserTelemetryConfig }) {
  useEffect(() => {
    if (started) return;
    started = true;
    configureBrowserTelemetry(config);
    whenIdle(() => {
      if (config.tracing) {
        void import('../../lib/telemetry/browser-tracing').then(({ startBrowserTracing }) =>
          startBrowserTracing(config),
        );
      }
      // Sentry's SDK (about 100 KB) only where it reports somewhere: without a DSN an error
      // loads the reporting code itself (lib/report-error.ts) for its console line.
      if (config.sentryDsn) {
        void import('../../lib/telemetry/browser-errors').then(({ startErrorReporting }) =>
          startErrorReporting(),
        );
      }
    });
    // Once per page load: the configuration does not change while the page lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
