/**
 * The parsers of framed widgets' messages, loaded once on first use: they need zod, which the
 * first paint does not. Every caller chains on the same promise, so messages keep their order.
 */
import type * as FrameSchemas from './frame-schemas';

let schemas: Promise<typeof FrameSchemas> | undefined;

export function frameSchemas(): Promise<typeof FrameSchemas> {
  schemas ??= import('./frame-schemas');
  return schemas;
}
