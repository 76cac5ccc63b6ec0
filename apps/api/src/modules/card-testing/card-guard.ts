/**
 * The card-testing defence (OWASP OAT-001) around card payments: before an attempt, a subject
 * past its first threshold, or any attempt during a decline storm, needs a solved challenge, and
 * a subject past its second refuses card payments for an hour; after it, the attempt is counted,
 * a decline heavier than a success (and a card or a network by its declines alone).
 */
import { createHash } from 'node:crypto';
import { AppError, ERROR_CODES } from '@checkout/core/contract';
import { normalizeEmail } from '@checkout/core';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client';
import { networkOf } from './client-network';
import { countCardAttemptSql, isStorm, stormSql, type StormLimits } from './decline-storm';
import type { HumanCheck } from './human-check';
import { addWeight, lockSubjects, velocitySql } from './velocity';

/** Who an attempt is counted against; any may be unknown. */
export interface CardAttempt {
  cartId: string;
  /** The browser: the keyed hash of its cart binding cookie. */
  browser: string | null;
  email: string;
  /** The gateway's keyed hash of the card number. */
  fingerprint: string | undefined;
  /** The trusted client address (`request.ip`): the one subject a tester cannot rotate freely. */
  address: string;
}

type Kind = 'cart' | 'browser' | 'email' | 'card' | 'network';

/** Every attempt weighs one; a decline adds this much more. */
export const ATTEMPT_WEIGHT = 1;
export const DECLINE_EXTRA_WEIGHT = 2;

/**
 * Scores (per hour and the one before) from which the next attempt needs a challenge, and from
 * which card payments stop for an hour. Two declines (6) pass freely: a shopper who mistypes
 * twice is never challenged; the third decline (9) asks for a challenge. A cart stops after its
 * 8th decline (24), a browser or an e-mail across carts after its 16th (48). A network (an IPv4
 * address, an IPv6 /64) may be an office or a carrier's NAT with many shoppers: it asks after its
 * 10th decline (30) and stops after its 30th (90), whatever the tester rotates behind it.
 */
export const THRESHOLDS: Readonly<Record<Kind, { challengeAt: number; lockAt: number }>> = {
  cart: { challengeAt: 7, lockAt: 24 },
  browser: { challengeAt: 7, lockAt: 48 },
  email: { challengeAt: 7, lockAt: 48 },
  card: { challengeAt: 7, lockAt: 24 },
  network: { challengeAt: 30, lockAt: 90 },
};

/**
 * Counted by their declines alone: one card paying for several shoppers (a family, an office, a
 * test card), or one address shared by many (a NAT), is no sign of testing, while a tester's
 * attempts are declined.
 */
const BY_DECLINES: ReadonlySet<Kind> = new Set(['card', 'network']);

export const LOCK_MS = 60 * 60_000;

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

function subjectsOf(attempt: CardAttempt): Map<string, Kind> {
  const subjects = new Map<string, Kind>([[`cart:${attempt.cartId}`, 'cart']]);
  if (attempt.browser) subjects.set(`browser:${attempt.browser}`, 'browser');
  // The address only as a hash: the counters hold no personal data.
  subjects.set(`email:${digest(normalizeEmail(attempt.email))}`, 'email');
  if (attempt.fingerprint) subjects.set(`card:${attempt.fingerprint}`, 'card');
  const network = networkOf(attempt.address);
  if (network) subjects.set(`network:${digest(network)}`, 'network');
  return subjects;
}

export const challengeRequired = () =>
  new AppError(ERROR_CODES.challengeRequired, 'Confirm that you are not a robot, then try again.');

export const challengeFailed = () =>
  new AppError(
    ERROR_CODES.challengeFailed,
    'The check did not succeed or was already used. Try it again.',
  );

export interface CardGuard {
  /** Throws when the attempt may not go ahead: paused, or a challenge is missing or wrong. */
  admit(attempt: CardAttempt, solution: string | undefined): Promise<void>;
  /** Counts an attempt that reached the provider. */
  record(attempt: CardAttempt, declined: boolean): Promise<void>;
}

export function cardGuard(db: Database, check: HumanCheck, storm: StormLimits): CardGuard {
  return {
    async admit(attempt, solution) {
      const subjects = subjectsOf(attempt);
      // One read: this sits on every card payment's path.
      const [read] = await queryRows<{
        locked_until: string | null;
        scores: Record<string, number>;
        attempts: number;
        declines: number;
      }>(db, sql`select ${velocitySql([...subjects.keys()])}, ${stormSql(storm)}`);
      const until = read?.locked_until;
      const scores = new Map(Object.entries(read?.scores ?? {}));
      const stormy = isStorm(storm, Number(read?.attempts ?? 0), Number(read?.declines ?? 0));
      if (until) {
        throw new AppError(
          ERROR_CODES.cardPaymentsPaused,
          'Too many card payments failed. Card payments are paused for an hour; you can pay with another method.',
        );
      }
      const challenged =
        stormy ||
        [...subjects].some(
          ([subject, kind]) => (scores.get(subject) ?? 0) >= THRESHOLDS[kind].challengeAt,
        );
      if (!challenged) return;
      if (!solution) throw challengeRequired();
      if (!(await check.verify(solution, attempt.address))) throw challengeFailed();
    },
    async record(attempt, declined) {
      const subjects = subjectsOf(attempt);
      const weight = ATTEMPT_WEIGHT + (declined ? DECLINE_EXTRA_WEIGHT : 0);
      const counted = [...subjects].filter(([, kind]) => declined || !BY_DECLINES.has(kind));
      // The attempt's weight and the merchant-wide count in one statement.
      const scores = await addWeight(
        db,
        counted.map(([subject]) => subject),
        weight,
        new Date(),
        countCardAttemptSql(declined),
      );
      const over = [...subjects]
        .filter(([subject, kind]) => (scores.get(subject) ?? 0) >= THRESHOLDS[kind].lockAt)
        .map(([subject]) => subject);
      // The cart itself stops too, whichever of its subjects went over.
      if (over.length > 0) {
        await lockSubjects(
          db,
          [...new Set([...over, `cart:${attempt.cartId}`])],
          new Date(Date.now() + LOCK_MS),
        );
      }
    },
  };
}

/** Card tokens per hour a browser, a card, and a network (shared by its shoppers) may ask for. */
export const TOKEN_LIMITS = { browser: 60, card: 20, network: 120 } as const;

/**
 * The gateway's own velocity limit on card tokens: a tester enters many cards, and one card is
 * entered again and again. A browser is its binding cookie, or its address when it has none; the
 * network counts too, since a tester throws cookies away.
 */
export function tokenGuard(
  db: Database,
): (browser: string, address: string, fingerprint: string) => Promise<void> {
  return async (browser, address, fingerprint) => {
    const network = networkOf(address);
    const limits = new Map<string, number>([
      [`tokens:browser:${digest(browser)}`, TOKEN_LIMITS.browser],
      [`tokens:card:${fingerprint}`, TOKEN_LIMITS.card],
    ]);
    if (network) limits.set(`tokens:network:${digest(network)}`, TOKEN_LIMITS.network);
    const scores = await addWeight(db, [...limits.keys()], 1);
    if ([...limits].some(([subject, limit]) => (scores.get(subject) ?? 0) > limit)) {
      throw new AppError(
        ERROR_CODES.cardPaymentsPaused,
        'Too many cards were entered. Card payments are paused for an hour.',
      );
    }
  };
}
