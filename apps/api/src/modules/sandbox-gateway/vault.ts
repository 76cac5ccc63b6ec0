/** The sandbox gateway's token vault: a checked card becomes a single-use, short-lived token. */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { preparedQuery, type Database } from '../../db/client';
import type { CheckedCard, RenewalOutcome, SandboxOutcome } from './cards';
import { sandboxCardTokens, sandboxSavedCards } from './tables';

/** How long a token can be redeemed: long enough to read the order summary and press pay. */
export const CARD_TOKEN_TTL_MS = 15 * 60_000;

export interface VaultedCard {
  brand: string | null;
  last4: string;
  expiry: string;
  outcome: SandboxOutcome | 'challenge';
  renewalOutcome: RenewalOutcome;
}

const insertToken = preparedQuery((db) =>
  db
    .insert(sandboxCardTokens)
    .values({
      token: sql.placeholder('token'),
      brand: sql.placeholder('brand'),
      last4: sql.placeholder('last4'),
      expiry: sql.placeholder('expiry'),
      outcome: sql.placeholder('outcome'),
      fingerprint: sql.placeholder('fingerprint'),
      renewalOutcome: sql.placeholder('renewalOutcome'),
    })
    .prepare('insert_card_token'),
);

export async function vaultCard(
  db: Database,
  card: CheckedCard,
  fingerprint: string,
): Promise<string> {
  const token = `ctok_${randomBytes(24).toString('base64url')}`;
  await insertToken(db).execute({
    token,
    brand: card.brand,
    last4: card.last4,
    expiry: card.expiry,
    outcome: card.outcome,
    fingerprint,
    renewalOutcome: card.renewalOutcome,
  });
  return token;
}

/** The fingerprint of the card behind an unspent, live token. */
export async function tokenFingerprint(
  db: Database,
  token: string,
  now = new Date(),
): Promise<string | undefined> {
  const [row] = await db
    .select({ fingerprint: sandboxCardTokens.fingerprint })
    .from(sandboxCardTokens)
    .where(
      and(
        eq(sandboxCardTokens.token, token),
        isNull(sandboxCardTokens.usedAt),
        gt(sandboxCardTokens.createdAt, new Date(now.getTime() - CARD_TOKEN_TTL_MS)),
      ),
    );
  return row?.fingerprint ?? undefined;
}

const redeemToken = preparedQuery((db) =>
  db
    .update(sandboxCardTokens)
    .set({ usedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(
      and(
        eq(sandboxCardTokens.token, sql.placeholder('token')),
        isNull(sandboxCardTokens.usedAt),
        gt(sandboxCardTokens.createdAt, sql.placeholder('since')),
      ),
    )
    .returning({
      brand: sandboxCardTokens.brand,
      last4: sandboxCardTokens.last4,
      expiry: sandboxCardTokens.expiry,
      outcome: sandboxCardTokens.outcome,
      renewalOutcome: sandboxCardTokens.renewalOutcome,
    })
    .prepare('redeem_card_token'),
);

/** Marks the token used and answers its card; an unknown, used or expired token answers nothing. */
export async function redeemCard(
  db: Database,
  token: string,
  now = new Date(),
): Promise<VaultedCard | undefined> {
  const [card] = await redeemToken(db).execute({
    token,
    now: now.toISOString(),
    since: new Date(now.getTime() - CARD_TOKEN_TTL_MS),
  });
  return card;
}

/** Tokens past their lifetime, used or not, are of no use to anyone. */
export async function purgeCardTokens(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(sandboxCardTokens)
    .where(lt(sandboxCardTokens.createdAt, new Date(now.getTime() - CARD_TOKEN_TTL_MS)));
}

/** A new reference of a card on file. */
export const newSavedMethod = () => `cof_${randomBytes(24).toString('base64url')}`;

/** Keeps a charged card on file for merchant-initiated charges; answers its reference. */
export async function saveCard(db: Database, card: Omit<VaultedCard, 'outcome'>): Promise<string> {
  const method = newSavedMethod();
  await db.insert(sandboxSavedCards).values({
    method,
    brand: card.brand,
    last4: card.last4,
    expiry: card.expiry,
    outcome: card.renewalOutcome,
  });
  return method;
}
