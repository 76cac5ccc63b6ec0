import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cardInputSchema } from './card-fields';
import { cartInputSchema } from './cart';
import { paymentRequestSchema } from './orders';
import { packagePlansVariablesSchema } from './contract/package-plans';
import { isPlainText, PLAIN_TEXT_MESSAGE } from './plain-text';
import { text } from './text';
import {
  credentialsSchema,
  loginRequestSchema,
  signupSchema,
  verifySchema,
} from './contract/users';

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

describe('the api boundary schemas refuse NUL in their text fields', () => {
  const cart = { mainPlan: 'vpn-basic-1y', currency: 'USD', country: 'AE' };
  const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
    ['cart postcode', cartInputSchema, cart, 'postalCode'],
    ['cart e-mail', cartInputSchema, cart, 'email'],
    ['login owner_id', loginRequestSchema, {}, 'owner_id'],
    ['login target', loginRequestSchema, {}, 'login_target'],
    ['login e-mail', credentialsSchema, { password: 'secret' }, 'email'],
    ['login password', credentialsSchema, { email: 'anna@example.com' }, 'password'],
    ['sign-up e-mail', signupSchema, { password: 'correct horse battery' }, 'email'],
    ['verification e-mail', verifySchema, { code: '12345678' }, 'email'],
    [
      'payment provider',
      paymentRequestSchema,
      { cartId: crypto.randomUUID(), returnPath: '/processing/' },
      'provider',
    ],
    [
      'card holder',
      cardInputSchema,
      { number: '4242424242424242', expiry: '12/30', cvc: '123' },
      'name',
    ],
    ['pricing package', packagePlansVariablesSchema, { currencyCode: 'USD' }, 'packageId'],
  ];
  it.each(cases)('%s', (_label, schema, base, field) => {
    const clean = schema.safeParse({ ...base, [field]: 'abc12' });
    const dirty = schema.safeParse({ ...base, [field]: 'ab\u0000c12' });
    expect(dirty.success).toBe(false);
    expect(dirty.error?.issues.map((i) => i.path.join('.'))).toContain(field);
    // The same value without the NUL is judged on its merits, not refused for this reason.
    expect(clean.error?.issues.some((i) => i.message === PLAIN_TEXT_MESSAGE) ?? false).toBe(false);
  });
});
