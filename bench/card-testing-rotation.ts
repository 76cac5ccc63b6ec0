/**
 * Replays card testing by rotation (issue 29, finding 3) against an api process with the
 * card-testing defence on: every attempt a new browser cookie, cart, e-mail and declined card,
 * every challenge solved, from one client address, from addresses inside one IPv6 /64, or from
 * a new address each time (a botnet). After each run, a normal shopper from an untouched address
 * pays with a good card during the decline storm. Prints one JSON line.
 *   npx tsx bench/card-testing-rotation.ts [--attempts 400] [--variants one-address,one-64,many-addresses]
 * The client address reaches the api as the web app sends it (X-Forwarded-For from loopback,
 * which TRUST_PROXY trusts by default). The proof of work is kept cheap (ALTCHA_COST=1): this
 * counts what the attacker gets through, not the seconds a challenge costs.
 */
import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startApi } from './api-process';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const attempts = Number(arg('attempts', '400'));
const variants = arg('variants', 'one-address,one-64,many-addresses').split(',');

const GOOD = '4242424242424242';
const DECLINED_RANGE = '40000000010';
let cards = 0;
/** A valid (Luhn) number in the sandbox's declined range: another stolen card each time. */
function nextDeclinedCard(): string {
  const body = `${DECLINED_RANGE}${String(++cards % 10_000).padStart(4, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

let hosts = 0;
const ADDRESSES: Record<string, () => string> = {
  'one-address': () => '198.51.100.23',
  'one-64': () => `2001:db8:77:1:${(++hosts).toString(16)}::${(hosts * 7).toString(16)}`,
  'many-addresses': () => `10.${(++hosts >> 16) & 255}.${(hosts >> 8) & 255}.${hosts & 255}`,
};

/** One browser: its cookies, and the address the web app forwards for it. */
function browser(address: string) {
  const jar = new Map<string, string>();
  return async (base: string, method: string, path: string, body?: unknown, headers = {}) => {
    const response = await fetch(new URL(path, base), {
      method,
      headers: {
        'x-forwarded-for': address,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const json = (await response.json()) as { error?: { code: string }; type?: string };
    return { status: response.status, code: json.error?.code, json };
  };
}

type Outcome = 'declined' | 'paid' | 'refused';

/** One card payment by a new shopper at `address`; a challenge, when asked, solved once. */
async function attempt(base: string, address: string, number: () => string) {
  const call = browser(address);
  const cart = await call(base, 'POST', '/api/carts/', {
    mainPlan: 'vpn-basic-1y',
    currency: 'EUR',
    country: 'DE',
    email: `rotation-${randomUUID()}@gmail.com`,
  });
  const cartId = (cart.json as { id?: string }).id;
  const pay = async (solution?: string) => {
    const token = await call(base, 'POST', '/api/sandbox/tokens/', {
      number: number(),
      expiry: '12 / 30',
      cvc: '123',
      name: 'Anna Smith',
    });
    if (token.status !== 201) return token;
    return call(
      base,
      'POST',
      '/api/payments/',
      {
        cartId,
        provider: 'adyen_card',
        returnPath: '/processing/',
        cardToken: (token.json as { token?: string }).token,
      },
      {
        'idempotency-key': randomUUID(),
        ...(solution ? { 'x-challenge-solution': solution } : {}),
      },
    );
  };
  let answer = await pay();
  const challenged = answer.code === 'challenge_required';
  if (challenged) {
    const { challenge } = (await call(base, 'GET', '/api/challenge/')).json as unknown as {
      challenge: Challenge;
    };
    const solution = await solveChallenge({ challenge, deriveKey });
    answer = await pay(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  const outcome: Outcome =
    answer.status !== 201 ? 'refused' : answer.json.type === 'done' ? 'paid' : 'declined';
  if (outcome === 'refused' && answer.code !== 'card_payments_paused') {
    throw new Error(`unexpected answer ${answer.status} ${answer.code ?? ''}`);
  }
  return { challenged, outcome };
}

async function run(variant: string) {
  const nextAddress = ADDRESSES[variant];
  if (!nextAddress) throw new Error(`unknown variant ${variant}`);
  const api = await startApi({
    PGLITE_DIR: 'memory://',
    CARD_TESTING_DEFENCE: 'on',
    ALTCHA_COST: '1',
    ALTCHA_MAX_COUNTER: '40',
  });
  try {
    let declines = 0;
    let challenges = 0;
    let refused = 0;
    let declinedBeforeFirstChallenge: number | null = null;
    let declinedBeforeStop: number | null = null;
    const started = performance.now();
    for (let i = 0; i < attempts; i++) {
      const { challenged, outcome } = await attempt(api.base, nextAddress(), nextDeclinedCard);
      if (challenged) {
        challenges++;
        declinedBeforeFirstChallenge ??= declines;
      }
      if (outcome === 'declined') declines++;
      if (outcome === 'refused') {
        refused++;
        declinedBeforeStop ??= declines;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    // A shopper who has nothing in common with the attacker, while the storm is on.
    const shopper = await attempt(api.base, '192.0.2.200', () => GOOD);
    return {
      variant,
      attempts,
      seconds: Number(seconds.toFixed(1)),
      declines,
      declinedBeforeFirstChallenge,
      declinedBeforeStop,
      challenges,
      refused,
      shopperChallenged: shopper.challenged,
      shopperPaid: shopper.outcome === 'paid',
      shopperPaidAfterOneChallenge: shopper.challenged && shopper.outcome === 'paid',
    };
  } finally {
    await api.stop();
  }
}

const results = [];
for (const variant of variants) results.push(await run(variant));
console.log(JSON.stringify({ bench: 'card-testing-rotation', results }));
