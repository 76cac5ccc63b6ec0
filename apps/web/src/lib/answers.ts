/**
 * Answer schemas loaded once on first use: they need zod, which the first load does not ship.
 * `request` starts the loading with the call, so it runs while the call is on its way.
 */
import type * as Schemas from './answer-schemas';
import type { AnswerSchema } from './http';

/** A picker of loaders over one module of schemas, imported the first time a call needs it. */
export function lazyAnswers<M>(load: () => Promise<M>) {
  let schemas: Promise<M> | undefined;
  return <T>(pick: (all: M) => AnswerSchema<T>): (() => Promise<AnswerSchema<T>>) =>
    () => {
      schemas ??= load();
      return schemas.then(pick);
    };
}

/** The loader of one of the storefront's answer schemas, for `request`'s `answer`. */
export const browserAnswer = lazyAnswers<typeof Schemas>(() => import('./answer-schemas'));
