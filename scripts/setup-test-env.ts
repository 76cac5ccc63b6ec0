/**
 * Every Vitest file runs with this: a test that writes to console.error fails, so an error that
 * nobody asserted on (a React warning, a failed request the api logged, a rejected promise a
 * library reported) cannot pass unseen. The api's test app sends its error-level log lines
 * here too (apps/api/src/test-app.ts).
 *
 * A test that expects an error says so by replacing the spy's implementation, as epic-stack
 * does: `vi.spyOn(console, 'error').mockImplementation(() => {})` (the same spy is returned).
 */
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

let consoleError: MockInstance<typeof console.error>;
const unexpected: string[] = [];

beforeEach(() => {
  unexpected.length = 0;
  const original = console.error;
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    original(...args);
    unexpected.push(args.map(String).join(' ').slice(0, 500));
  });
});

afterEach(() => {
  consoleError.mockRestore();
  if (unexpected.length > 0) {
    throw new Error(
      `console.error was called ${unexpected.length} time(s) in this test without being expected ` +
        `(declare it with vi.spyOn(console, 'error').mockImplementation(() => {})):\n` +
        unexpected.join('\n'),
    );
  }
});
