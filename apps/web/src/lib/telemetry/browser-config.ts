/**
 * What the browser's telemetry needs from the server's configuration, handed down by the page
 * (BrowserTelemetry) and read by the lazily loaded tracing and error-reporting code.
 */
export interface BrowserTelemetryConfig {
  /** Whether the server forwards traces anywhere (OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  tracing: boolean;
  sampleRate: number;
  deployEnv: string;
  version: string;
  /** Sentry's DSN (public by design); reports travel through the same-origin tunnel. */
  sentryDsn?: string | undefined;
}

let config: BrowserTelemetryConfig | undefined;
const waiting: ((config: BrowserTelemetryConfig) => void)[] = [];

export function configureBrowserTelemetry(value: BrowserTelemetryConfig): void {
  config = value;
  for (const resolve of waiting.splice(0)) resolve(value);
}

/** The configuration once the page has handed it down. */
export function browserTelemetryConfig(): Promise<BrowserTelemetryConfig> {
  return config ? Promise.resolve(config) : new Promise((resolve) => waiting.push(resolve));
}
