import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CHALLENGE_HEADER } from '@checkout/core/contract';
import type { CartView, PaymentAction } from '@checkout/core';
import { buildApp } from '../../app';
import { describeOnPostgres } from '../../db/describe-on-postgres';
import { startCluster } from '../../db/postgres-cluster';
import { loadEnv } from '../../env';
import { createTestApp } from '../../test-app';
import { testBrowser, type TestBrowser } from '../../test-browser';
import { DECLINED_RANGE } from '../sandbox-gateway/cards';

const GOOD = '4242424242424242';

/** A valid (Luhn) number in the sandbox's declined range, another card each time. */
let cards = 0;
function nextDeclinedCard(): string {
  const body = `${DECLINED_RANGE}${String(++cards).padStart(4, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** Two api nodes on one database. */
interface Nodes {
  first: FastifyInstance;
  second: FastifyInstance;
  close(): Promise<void>;
}

const overrides = {
  CARD_TESTING_DEFENCE: 'on',
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '40',
  CARD_STORM_WINDOW_MINUTES: '10',
  CARD_STORM_MIN_DECLINES: '20',
  CARD_STORM_DECLINE_SHARE: '0.5',
};

/**
 * Card testing spread over a botnet: every attempt from its own address, browser, cart, e-mail
 * and card, so no counter of a subject ever fills. Only the share of declines across all
 * shoppers shows it, and every api node must see it: the attempts alternate between two nodes.
 */
function stormSuite(start: () => Promise<Nodes>) {
  let nodes: Nodes;
  beforeAll(async () => {
    nodes = await start();
  }, 120_000);
  afterAll(() => nodes.close());

  // The storm ends when its minutes leave the window: the clock is moved, not waited for.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  let hosts = 0;
  let keys = 0;
  const nextAddress = () => `203.0.${Math.floor(++hosts / 250) % 250}.${(hosts % 250) + 1}`;
  const code = (answer: { json<T>(): T }) =>
    answer.json<{ error?: { code: string } }>().error?.code;

  async function solve(browser: TestBrowser): Promise<string> {
    const view = (await browser.inject({ method: 'GET', url: '/api/challenge/' })).json<{
      challenge: Challenge;
    }>();
    const solution = await solveChallenge({ challenge: view.challenge, deriveKey });
    if (!solution) throw new Error('no solution');
    return Buffer.from(JSON.stringify({ challenge: view.challenge, solution })).toString('base64');
  }

  /** One card payment by a new shopper from a new address on `node`; a challenge solved once. */
  async function attempt(node: FastifyInstance, number: string) {
    const browser = testBrowser(() => node);
    const remoteAddress = nextAddress();
    const cart = (
      await browser.inject({
        method: 'POST',
        url: '/api/carts/',
        remoteAddress,
        payload: {
          mainPlan: 'vpn-basic-1y',
          currency: 'EUR',
          country: 'DE',
          email: `shopper-${hosts}@gmail.com`,
        },
      })
    ).json<CartView>();
    const pay = async (solution?: string) => {
      const token = await browser.inject({
        method: 'POST',
        url: '/api/sandbox/tokens/',
        remoteAddress,
        payload: { number, expiry: '12 / 30', cvc: '123', name: 'Anna Smith' },
      });
      expect(token.statusCode, token.body).toBe(201);
      return browser.inject({
        method: 'POST',
        url: '/api/payments/',
        remoteAddress,
        headers: {
          'idempotency-key': `storm-${++keys}-abcdef`,
          ...(solution ? { [CHALLENGE_HEADER]: solution } : {}),
        },
        payload: {
          cartId: cart.id,
          provider: 'adyen_card',
          returnPath: '/processing/',
          cardToken: token.json<{ token: string }>().token,
        },
      });
    };
    let answer = await pay();
    const challenged = code(answer) === 'challenge_required';
    if (challenged) answer = await pay(await solve(browser));
    expect(answer.statusCode, answer.body).toBe(201);
    return { challenged, type: answer.json<PaymentAction>().type };
  }

  it('asks every card payment for the challenge once declines from many addresses make half of them', async () => {
    expect(await attempt(nodes.first, GOOD)).toEqual({ challenged: false, type: 'done' });
    let declinedBeforeChallenge: number | undefined;
    for (let declined = 0; declined < 40 && declinedBeforeChallenge === undefined; declined++) {
      const node = declined % 2 ? nodes.second : nodes.first;
      const outcome = await attempt(node, nextDeclinedCard());
      expect(outcome.type).toBe('error');
      if (outcome.challenged) declinedBeforeChallenge = declined;
    }
    // 20 declines against 1 payment: the 21st attempt, anywhere, needs the challenge.
    expect(declinedBeforeChallenge).toBe(20);
    for (let i = 0; i < 3; i++) {
      const node = i % 2 ? nodes.second : nodes.first;
      expect(await attempt(node, nextDeclinedCard())).toEqual({ challenged: true, type: 'error' });
    }
  }, 300_000);

  it('lets a shopper pay during the storm after one challenge, on either api node', async () => {
    expect(await attempt(nodes.first, GOOD)).toEqual({ challenged: true, type: 'done' });
    expect(await attempt(nodes.second, GOOD)).toEqual({ challenged: true, type: 'done' });
  }, 60_000);

  it('stops asking once the storm has left the window', async () => {
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect(await attempt(nodes.second, GOOD)).toEqual({ challenged: false, type: 'done' });
    expect(await attempt(nodes.first, nextDeclinedCard())).toEqual({
      challenged: false,
      type: 'error',
    });
  }, 60_000);
}

describe('decline storm: the merchant-wide breaker', () => {
  // Two apps on one embedded database, as two nodes see one PostgreSQL.
  stormSuite(async () => {
    const t = await createTestApp(overrides);
    const second = await buildApp({
      env: loadEnv({ LOG_LEVEL: 'error', PGLITE_DIR: 'memory://', ...overrides }),
      database: t.database,
      catalog: t.catalog,
      logStream: { write: (line: string) => console.error(line) },
    });
    return {
      first: t.app,
      second,
      close: async () => {
        await second.close();
        await t.close();
      },
    };
  });
});

describeOnPostgres('decline storm: the merchant-wide breaker on PostgreSQL', () => {
  // Two nodes, each with its own pool, on one server.
  stormSuite(async () => {
    const cluster = await startCluster();
    const [a, b] = [
      await createTestApp({ ...overrides, DATABASE_URL: cluster.url }),
      await createTestApp({ ...overrides, DATABASE_URL: cluster.url }),
    ];
    return {
      first: a.app,
      second: b.app,
      close: async () => {
        await Promise.all([a.close(), b.close()]);
        cluster.stop();
      },
    };
  });
});
