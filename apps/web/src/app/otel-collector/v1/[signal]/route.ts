/** POST /otel-collector/v1/{traces,metrics,errors}: the browser's telemetry, forwarded. */
import { env } from '../../../../env.server';
import { createCollector } from '../../../../server/otel-collector.server';

const collector = createCollector({
  otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
  sentryDsn: env.SENTRY_DSN,
});

export async function POST(
  request: Request,
  { params }: { params: Promise<{ signal: string }> },
): Promise<Response> {
  return collector.handle(request, (await params).signal);
}
