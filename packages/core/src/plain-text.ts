/**
 * What text may cross an api boundary (text.ts's schema and plainText below). PostgreSQL cannot store U+0000
 * in a text column (the insert fails, which used to surface as a 500), and an unpaired UTF-16
 * surrogate has no UTF-8 form (it is silently stored as U+FFFD, so the shopper's input comes
 * back changed). Both are refused at parse time, as a 400 with the field's path.
 */
import * as zm from 'zod/mini';

export const PLAIN_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

// In unicode mode a surrogate half only matches \p{Cs} when it is not part of a pair.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the string can be stored and echoed back unchanged. */
export function isPlainText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * text() in zod/mini's form, for what the browser parses while a page loads (query parameters):
 * zod/mini leaves out the rest of zod (over 100 KB the page would evaluate).
 */
export function plainText() {
  return zm.string().check(zm.refine(isPlainText, PLAIN_TEXT_MESSAGE));
}
