/**
 * The browser's answer schemas, loaded once on first use: they need zod, which the first load
 * does not ship. `request` starts the loading with the call, so it runs while the call is on
 * its way.
 */
import type * as Schemas from './answer-schemas';
import type { AnswerSchema } from './http';

let schemas: Promise<typeof Schemas> | undefined;

/** The loader of one answer schema, for `request`'s `answer`. */
export function browserAnswer<T>(
  pick: (all: typeof Schemas) => AnswerSchema<T>,
): () => Promise<AnswerSchema<T>> {
  return () => {
    schemas ??= import('./answer-schemas');
    return schemas.then(pick);
  };
}
