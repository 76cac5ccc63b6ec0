/**
 * The one string schema for text that crosses an api boundary (the rule, and its zod/mini form
 * for the browser, are in plain-text.ts).
 */
import { z } from 'zod';
import { isPlainText, PLAIN_TEXT_MESSAGE } from './plain-text';

/** `z.string()` that refuses NUL and unpaired surrogates; chain `.min()`, `.trim()`… as usual. */
export function text() {
  return z.string().refine(isPlainText, PLAIN_TEXT_MESSAGE);
}
