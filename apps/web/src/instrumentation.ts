/** Runs once when the server starts (see instrumentation-node.ts), and on every server error. */
import type { Instrumentation } from 'next';

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') await import('./instrumentation-node');
}

/** Next.js calls this for every error a page, route or proxy throws on the server. */
export const onRequestError: Instrumentation.onRequestError = async (error, request) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { reportServerError } = await import('./server/telemetry.server');
  reportServerError(error, request.path.split('?')[0] ?? '/');
};
