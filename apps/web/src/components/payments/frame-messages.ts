/**
 * The parsers of framed widgets' messages, loaded once on first use: they need zod, which the
 * first paint does not. Every caller chains on the same promise, so messages keep their order.
 */
let schemas: Promise<typeof import('./frame-schemas')> | undefined;

export function frameSchemas(): Promise<typeof import('./frame-schemas')> {
  schemas ??= import('./frame-schemas');
  return schemas;
}
