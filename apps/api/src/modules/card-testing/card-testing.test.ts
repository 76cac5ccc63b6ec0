import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CART_BINDING_COOKIE, CHALLENGE_HEADER } from '@checkout/core/contract';
import type { CartView, PaymentAction } from '@checkout/core';
import { createTestApp, type TestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { DECLINED_RANGE } from '../sandbox-gateway/cards';

const GOOD = '4242424242424242';

/** A valid (Luhn) number: the body and its check digit. */
function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

let cards = 0;
/** Another stolen card each time: all declined, each with its own fingerprint. */
const nextDeclinedCard = () =>
  withCheckDigit(`${DECLINED_RANGE}${String(++cards).padStart(4, '0')}`);

/** Solves a challenge the way the widget does, with altcha-lib's own solver. */
async function solve(browser: TestBrowser): Promise<string> {
  const view = (await browser.inject({ method: 'GET', url: '/api/challenge/' })).json<{
    kind: string;
    challenge: Challenge;
  }>();
  expect(view.kind).toBe('altcha');
  const solution = await solveChallenge({ challenge: view.challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  return Buffer.from(JSON.stringify({ challenge: view.challenge, solution })).toString('base64');
}

describe('card-testing defence', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      CARD_TESTING_DEFENCE: 'on',
      ALTCHA_COST: '1',
      ALTCHA_MAX_COUNTER: '40',
      // The limits per subject alone: these runs' declines would otherwise set off the
      // merchant-wide breaker, which has its own tests (decline-storm.test.ts).
      CARD_STORM_MIN_DECLINES: '1000000',
    });
  }, 120_000);
  afterAll(() => t.close());

  let keys = 0;
  let hosts = 0;
  /** Every request from another client address, as a botnet or rotating proxies send them. */
  const nextAddress = () => `203.0.${Math.floor(++hosts / 250) % 250}.${(hosts % 250) + 1}`;

  const newCart = async (browser: TestBrowser, email = 'buyer@gmail.com', from = nextAddress) =>
    (
      await browser.inject({
        method: 'POST',
        url: '/api/carts/',
        remoteAddress: from(),
        payload: { mainPlan: 'vpn-basic-1y', currency: 'EUR', country: 'DE', email },
      })
    ).json<CartView>();

  const payWith = async (
    browser: TestBrowser,
    cartId: string,
    number: string,
    solution?: string,
    from = nextAddress,
  ) => {
    const token = await browser.inject({
      method: 'POST',
      url: '/api/sandbox/tokens/',
      remoteAddress: from(),
      payload: { number, expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
    });
    if (token.statusCode !== 201) return token;
    return browser.inject({
      method: 'POST',
      url: '/api/payments/',
      remoteAddress: from(),
      headers: {
        'idempotency-key': `carding-${++keys}-abcdef`,
        ...(solution ? { [CHALLENGE_HEADER]: solution } : {}),
      },
      payload: {
        cartId,
        provider: 'adyen_card',
        returnPath: '/processing/',
        cardToken: token.json<{ token: string }>().token,
      },
    });
  };

  /** Declined card after declined card, solving every challenge, until the checkout stops it. */
  async function replayAttack(
    browserOf: () => TestBrowser,
    cartOf: () => Promise<CartView>,
    max: number,
  ) {
    let declined = 0;
    let challenges = 0;
    let cart = await cartOf();
    for (let i = 0; i < max; i++) {
      const browser = browserOf();
      let answer = await payWith(browser, cart.id, nextDeclinedCard());
      if (answer.json<{ error?: { code: string } }>().error?.code === 'challenge_required') {
        challenges++;
        answer = await payWith(browser, cart.id, nextDeclinedCard(), await solve(browser));
      }
      const code = answer.json<{ error?: { code: string } }>().error?.code;
      if (code === 'card_payments_paused') return { declined, challenges, stop: answer };
      expect(answer.statusCode, answer.body).toBe(201);
      if (answer.json<PaymentAction>().type === 'error') declined++;
      if (declined % 8 === 0) cart = await cartOf();
    }
    return { declined, challenges, stop: undefined };
  }

  it('stops a card-testing run on one cart within 10 declines, whatever addresses it rotates', async () => {
    const attacker = testBrowser(() => t.app);
    const cart = await newCart(attacker, 'tester@gmail.com');
    let declined = 0;
    let challenges = 0;
    let stop;
    for (let i = 0; i < 40 && !stop; i++) {
      let answer = await payWith(attacker, cart.id, nextDeclinedCard());
      if (answer.json<{ error?: { code: string } }>().error?.code === 'challenge_required') {
        challenges++;
        answer = await payWith(attacker, cart.id, nextDeclinedCard(), await solve(attacker));
      }
      if (answer.statusCode === 429) stop = answer;
      else if (answer.json<PaymentAction>().type === 'error') declined++;
    }
    expect(stop?.json()).toMatchObject({ error: { code: 'card_payments_paused' } });
    expect(declined).toBeLessThanOrEqual(10);
    expect(challenges).toBeGreaterThan(0);
    // Paused for the hour: even a good card with a solved challenge is refused, and changes nothing.
    const later = await payWith(attacker, cart.id, GOOD, await solve(attacker));
    expect(later.statusCode).toBe(429);
    const view = await attacker.inject({ method: 'GET', url: `/api/carts/${cart.id}/` });
    expect(view.json<CartView>().status).toBe('open');
    console.info(
      `carding one cart: ${declined} declined before the stop, ${challenges} challenges`,
    );
  }, 300_000);

  it('stops a browser that moves to new carts within 20 declines, and an e-mail as well', async () => {
    const attacker = testBrowser(() => t.app);
    const byBrowser = await replayAttack(
      () => attacker,
      () => newCart(attacker, 'rotating@gmail.com'),
      60,
    );
    expect(byBrowser.stop).toBeDefined();
    expect(byBrowser.declined).toBeLessThanOrEqual(20);
    // A fresh browser each cart (cookies thrown away), one e-mail: the e-mail stops it.
    let browser = testBrowser(() => t.app);
    const byEmail = await replayAttack(
      () => browser,
      async () => {
        browser = testBrowser(() => t.app);
        return newCart(browser, 'same-address@gmail.com');
      },
      60,
    );
    expect(byEmail.stop).toBeDefined();
    expect(byEmail.declined).toBeLessThanOrEqual(20);
    console.info(
      `carding across carts: browser ${byBrowser.declined} declined (${byBrowser.challenges} challenges), e-mail ${byEmail.declined} declined (${byEmail.challenges} challenges)`,
    );
  }, 600_000);

  const errorCode = (answer: { json<T>(): T }) =>
    answer.json<{ error?: { code: string } }>().error?.code;

  let rotations = 0;
  /**
   * A tester behind one address or network who chooses everything else: a new browser, cart,
   * e-mail and card every attempt, every challenge solved, until card payments stop there.
   */
  async function rotateFrom(from: () => string, max: number) {
    let declined = 0;
    let challenges = 0;
    let declinedBeforeChallenge: number | undefined;
    for (let i = 0; i < max; i++) {
      const browser = testBrowser(() => t.app);
      const cart = await newCart(browser, `rotation-${++rotations}@gmail.com`, from);
      let answer = await payWith(browser, cart.id, nextDeclinedCard(), undefined, from);
      if (errorCode(answer) === 'challenge_required') {
        challenges++;
        declinedBeforeChallenge ??= declined;
        answer = await payWith(browser, cart.id, nextDeclinedCard(), await solve(browser), from);
      }
      if (errorCode(answer) === 'card_payments_paused') {
        return { declined, challenges, declinedBeforeChallenge, stopped: true };
      }
      expect(answer.statusCode, answer.body).toBe(201);
      if (answer.json<PaymentAction>().type === 'error') declined++;
    }
    return { declined, challenges, declinedBeforeChallenge, stopped: false };
  }

  /** A shopper at `address` with nothing else in common with the tester pays at once. */
  async function paysUnchallenged(address: string) {
    const shopper = testBrowser(() => t.app);
    const cart = await newCart(shopper, `next-door-${++rotations}@gmail.com`, () => address);
    const answer = await payWith(shopper, cart.id, GOOD, undefined, () => address);
    return answer.statusCode === 201 && answer.json<PaymentAction>().type === 'done';
  }

  it('stops a tester who rotates cart, browser, e-mail and card from one address within 30 declines', async () => {
    // One IPv4 address, as a dual-stack socket may also report it.
    let n = 0;
    const run = await rotateFrom(() => (++n % 2 ? '198.51.100.23' : '::ffff:198.51.100.23'), 45);
    expect(run.challenges).toBeGreaterThan(0);
    expect(run.declinedBeforeChallenge).toBeLessThanOrEqual(30);
    expect(run.stopped).toBe(true);
    expect(run.declined).toBeLessThanOrEqual(30);
    // Counted per address: the next one is someone else.
    expect(await paysUnchallenged('198.51.100.24')).toBe(true);
    console.info(
      `rotation from one address: ${run.declined} declined, the first challenge after ${run.declinedBeforeChallenge}, ${run.challenges} challenges`,
    );
  }, 300_000);

  it('stops a tester who rotates addresses inside one IPv6 /64 within 30 declines', async () => {
    // Another interface identifier every attempt, written compressed or in full.
    let n = 0;
    const run = await rotateFrom(() => {
      const id = (++n).toString(16);
      return n % 2 ? `2001:db8:5:64:${id}::${id}` : `2001:0DB8:0005:0064:0000:${id}:0000:0001`;
    }, 45);
    expect(run.challenges).toBeGreaterThan(0);
    expect(run.declinedBeforeChallenge).toBeLessThanOrEqual(30);
    expect(run.stopped).toBe(true);
    expect(run.declined).toBeLessThanOrEqual(30);
    // Counted per /64: the neighbouring network is someone else.
    expect(await paysUnchallenged('2001:db8:5:65::1')).toBe(true);
    console.info(
      `rotation inside one /64: ${run.declined} declined, the first challenge after ${run.declinedBeforeChallenge}, ${run.challenges} challenges`,
    );
  }, 300_000);

  it('never challenges a shopper who mistypes twice and then pays', async () => {
    const shopper = testBrowser(() => t.app);
    const cart = await newCart(shopper, 'careful.shopper@gmail.com');
    const answers = [
      await payWith(shopper, cart.id, nextDeclinedCard()),
      await payWith(shopper, cart.id, '4000000000009995'),
      await payWith(shopper, cart.id, GOOD),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.json<PaymentAction>().type)).toEqual(['error', 'error', 'done']);
  });

  it('never challenges one card that pays for many shoppers (a family, an office)', async () => {
    const answers = [];
    // Eight: before, the eighth success of one card crossed the challenge threshold (7).
    for (let i = 0; i < 8; i++) {
      const shopper = testBrowser(() => t.app);
      const cart = await newCart(shopper, `family-${i}@gmail.com`);
      answers.push(await payWith(shopper, cart.id, GOOD));
    }
    expect(answers.map((a) => a.json<PaymentAction>().type)).toEqual(Array(8).fill('done'));
  });

  it('takes a solved challenge once: a wrong or replayed solution is refused', async () => {
    const shopper = testBrowser(() => t.app);
    const cart = await newCart(shopper, 'three-declines@gmail.com');
    for (let i = 0; i < 3; i++) await payWith(shopper, cart.id, nextDeclinedCard());
    const asked = await payWith(shopper, cart.id, GOOD);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ error: { code: 'challenge_required' } });

    const solution = await solve(shopper);
    const decoded = JSON.parse(Buffer.from(solution, 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    const key = decoded.solution.derivedKey;
    decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const wrong = Buffer.from(JSON.stringify(decoded)).toString('base64');
    const refused = await payWith(shopper, cart.id, GOOD, wrong);
    expect(refused.json()).toMatchObject({ error: { code: 'challenge_failed' } });
    expect((await payWith(shopper, cart.id, GOOD, 'not-a-payload')).statusCode).toBe(403);

    const first = await payWith(shopper, cart.id, nextDeclinedCard(), solution);
    expect(first.json<PaymentAction>()).toMatchObject({ type: 'error', reason: 'declined' });
    const replayed = await payWith(shopper, cart.id, GOOD, solution);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toMatchObject({ error: { code: 'challenge_failed' } });

    const paid = await payWith(shopper, cart.id, GOOD, await solve(shopper));
    expect(paid.json<PaymentAction>().type).toBe('done');
  });

  it('limits card tokens per card at the gateway, which reports only a fingerprint', async () => {
    const browser = testBrowser(() => t.app);
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const answer = await browser.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        remoteAddress: nextAddress(),
        payload: { number: '5555555555554444', expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
      });
      codes.push(answer.statusCode);
      expect(answer.body).not.toContain('5555555555554444');
    }
    expect(codes.slice(0, 20).every((code) => code === 201)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });

  it('limits card tokens per address at the gateway, whatever browser cookie each one sends', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 122; i++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        remoteAddress: '192.0.2.77',
        cookies: { [CART_BINDING_COOKIE]: `forged-${i}` },
        payload: { number: nextDeclinedCard(), expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
      });
      codes.push(answer.statusCode);
    }
    expect(codes.slice(0, 120).every((code) => code === 201)).toBe(true);
    expect(codes.slice(120)).toEqual([429, 429]);
  });
});
