/** The gateway's card fields and token endpoint for every card form the checkout asks for. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFormFor, type CardForm } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser } from '../../test-browser';
import { sandboxCardTokens } from './tables';

const PASSWORD = '47';
const FULL_NAME = 'Minji Kimberley';

describe('card forms at the sandbox gateway', () => {
  const lines: string[] = [];
  let t: TestApp;
  const browser = testBrowser(() => t.app);
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'debug' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t.close());

  const tokenize = (payload: object) =>
    browser.inject({ method: 'POST', url: '/api/sandbox/tokens/', payload });
  const encoded = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const fieldsPage = (form: string) =>
    browser.inject({
      method: 'GET',
      url: `/api/sandbox/card-fields/?origin=${encodeURIComponent('http://localhost:3000')}&form=${form}`,
    });
  const inputsOf = (html: string) => [...html.matchAll(/<input id="(\w+)"/g)].map((m) => m[1]);

  it('shows the fields of the form it is asked for', async () => {
    const kcp = await fieldsPage(encoded(cardFormFor('adyen_kcp', 'KR', 'split')));
    expect(kcp.statusCode).toBe(200);
    expect(inputsOf(kcp.body)).toEqual([
      'number',
      'expiryMonth',
      'expiryYear',
      'cvc',
      'password',
      'fullName',
    ]);
    const gb = await fieldsPage(encoded(cardFormFor('stripe', 'GB')));
    expect(inputsOf(gb.body)).toEqual(['number', 'expiry', 'cvc', 'name', 'postalCode']);
  });

  it('refuses a form it does not know with a 400 and no page', async () => {
    const bad = await fieldsPage(encoded({ ...cardFormFor('stripe', 'US'), names: 'nickname' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toBe('The card form is not valid.');
  });

  it('answers each missing field of a Korean card with its message code and slug', async () => {
    const form: CardForm = cardFormFor('adyen_kcp', 'KR', 'split');
    const refused = await tokenize({ form, number: '4242424242424242', cvc: '12a' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      errors: {
        expiryMonth: 'expiryMonthEmpty',
        expiryYear: 'expiryYearEmpty',
        cvc: 'cvcInvalid',
        password: 'passwordEmpty',
        fullName: 'fullNameEmpty',
      },
      slugs: {
        expiryMonth: 'cannot-be-empty',
        expiryYear: 'cannot-be-empty',
        cvc: 'invalid',
        password: 'cannot-be-empty',
        fullName: 'cannot-be-empty',
      },
    });
  });

  it('vaults a Korean card with brand, last four and expiry only; password and name reach neither the database nor the log', async () => {
    const form = cardFormFor('adyen_kcp', 'KR', 'split');
    const paid = await tokenize({
      form,
      number: '4242 4242 4242 4242',
      expiryMonth: '7',
      expiryYear: '2031',
      cvc: '123',
      password: PASSWORD,
      fullName: FULL_NAME,
    });
    expect(paid.statusCode).toBe(201);
    const token = paid.json<{ token: string }>().token;
    const rows = await t.database.db.select().from(sandboxCardTokens);
    const row = rows.find((r) => r.token === token);
    expect(row).toMatchObject({ brand: 'VISA', last4: '4242', expiry: '07/31' });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(FULL_NAME);
    expect(stored).not.toMatch(/"47"|4242 ?4242/);
    const log = lines.join('\n');
    expect(log).toContain('/api/sandbox/tokens/');
    expect(log).not.toContain(FULL_NAME);
    expect(log).not.toContain('4242 4242');
  });

  it('refuses a field the card fields never send, or a value of the wrong kind, with a 400 and changes nothing', async () => {
    const before = (await t.database.db.select().from(sandboxCardTokens)).length;
    for (const payload of [
      { form: cardFormFor('stripe', 'US'), number: '4242424242424242', cvc: '123', pin: '1234' },
      { form: cardFormFor('stripe', 'US'), number: '4242424242424242', cvc: '123', password: 12 },
      { form: { ...cardFormFor('stripe', 'US'), country: 'usa' }, number: '4', cvc: '1' },
    ]) {
      const refused = await tokenize(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { code: string } }>().error.code).toBeTruthy();
      expect(refused.body).not.toContain('4242424242424242');
    }
    expect((await t.database.db.select().from(sandboxCardTokens)).length).toBe(before);
  });
});
