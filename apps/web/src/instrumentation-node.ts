/**
 * A bad configuration stops the web server at start-up with the variable's name; a good one
 * starts its telemetry before the first request.
 */
import { EnvError } from '@checkout/core';

try {
  const { env } = await import('./env.server');
  const { startWebTelemetry } = await import('./server/telemetry.server');
  startWebTelemetry(env);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
