import { describe, expect, it } from 'vitest';
import { isPlainText, PLAIN_TEXT_MESSAGE, text } from './text';

describe('text(): the api boundary string', () => {
  it.each([
    ['an ordinary address', 'anna@example.com', true],
    ['the empty string', '', true],
    ['accents, CJK and right-to-left script', 'Zoë 東京 שלום', true],
    ['an emoji (a surrogate pair)', 'ok 😀', true],
    ['tabs and newlines', 'line one\n\tline two', true],
    ['a NUL at the start', '\u0000abc', false],
    ['a NUL in the middle', 'anna\u0000@example.com', false],
    ['a lone high surrogate', 'ab\uD800c', false],
    ['a lone low surrogate', '\uDC00', false],
    ['a high surrogate at the end', 'abc\uD83D', false],
    ['two halves in the wrong order', '\uDE00\uD83D', false],
  ])('%s: %j is accepted = %s', (_label, value, accepted) => {
    expect(isPlainText(value)).toBe(accepted);
    expect(text().safeParse(value).success).toBe(accepted);
  });

  it('keeps chaining like z.string() and names the problem', () => {
    const schema = text().trim().min(1).max(5);
    expect(schema.parse('  ab  ')).toBe('ab');
    expect(schema.safeParse('abcdefg').success).toBe(false);
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toBe(PLAIN_TEXT_MESSAGE);
    expect(text().safeParse(42).success).toBe(false);
  });
});
