/** The sandbox gateway's token vault: a checked card becomes a single-use, short-lived token. */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { CheckedCard, SandboxOutcome } from './sandbox-cards';
import { sandboxCardTokens } from './sandbox-tables';

/** How long a token can be redeemed: long enough to read the order summary and press pay. */
export const CARD_TOKEN_TTL_MS = 15 * 60_000;

export interface VaultedCard {
  brand: string | null;
  last4: string;
  expiry: string;
  outcome: SandboxOutcome | 'challenge';
}

export async function vaultCard(db: Database, card: CheckedCard): Promise<string> {
  const token = `ctok_${randomBytes(24).toString('base64url')}`;
  await db.insert(sandboxCardTokens).values({
    token,
    brand: card.brand,
    last4: card.last4,
    expiry: card.expiry,
    outcome: card.outcome,
  });
  return token;
}

/** Marks the token used and answers its card; an unknown, used or expired token answers nothing. */
export async function redeemCard(
  db: Database,
  token: string,
  now = new Date(),
): Promise<VaultedCard | undefined> {
  const [card] = await db
    .update(sandboxCardTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxCardTokens.token, token),
        isNull(sandboxCardTokens.usedAt),
        gt(sandboxCardTokens.createdAt, new Date(now.getTime() - CARD_TOKEN_TTL_MS)),
      ),
    )
    .returning({
      brand: sandboxCardTokens.brand,
      last4: sandboxCardTokens.last4,
      expiry: sandboxCardTokens.expiry,
      outcome: sandboxCardTokens.outcome,
    });
  return card && { ...card, outcome: card.outcome as VaultedCard['outcome'] };
}

/** Tokens past their lifetime, used or not, are of no use to anyone. */
export async function purgeCardTokens(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(sandboxCardTokens)
    .where(lt(sandboxCardTokens.createdAt, new Date(now.getTime() - CARD_TOKEN_TTL_MS)));
}
