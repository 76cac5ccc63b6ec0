/**
 * The sandbox gateway's record of the card payments it charged: what it reports of each and the
 * card it charged, so that asking it about a payment whose answer the checkout lost (its process
 * died between the charge and storing the answer) gets what a real provider's API would say.
 */
import { eq, sql } from 'drizzle-orm';
import { preparedQuery, queryRows, type Database } from '../../db/client';
import type { CardSummary } from '../payments/providers/adapter';
import type { SandboxOutcome } from './cards';
import { sandboxCharges } from './tables';
import { CARD_TOKEN_TTL_MS, type VaultedCard } from './vault';

/** Every card payment writes one: a named statement, built and planned once per database. */
const upsertCharge = preparedQuery((db) =>
  db
    .insert(sandboxCharges)
    .values({
      paymentId: sql.placeholder('paymentId'),
      reported: sql.placeholder('reported'),
      brand: sql.placeholder('brand'),
      last4: sql.placeholder('last4'),
      expiry: sql.placeholder('expiry'),
    })
    .onConflictDoUpdate({
      target: sandboxCharges.paymentId,
      set: {
        reported: sql`excluded.reported`,
        brand: sql`excluded.brand`,
        last4: sql`excluded.last4`,
        expiry: sql`excluded.expiry`,
      },
    })
    .prepare('record_sandbox_charge'),
);

export async function recordCharge(
  db: Database,
  paymentId: string,
  reported: string | null,
  card: CardSummary,
): Promise<void> {
  await upsertCharge(db).execute({ paymentId, reported, ...card });
}

/** A card payment with a card-fields token, as the gateway takes it. */
export interface TokenCharge {
  paymentId: string;
  token: string;
  /** The family's word for each outcome (a challenge reports nothing until it is answered). */
  words: Readonly<Record<SandboxOutcome, string>>;
  /** A card that goes through is kept on file under `method` (a reusable method was asked). */
  method: string | undefined;
}

/**
 * Redeems the token, keeps the card on file, and records the charge, in one statement: one round
 * trip and one commit, so a crash loses none of them without the others. A pending card's charge
 * is left to the caller, to record with its settlement. Undefined for an unknown, spent or
 * expired token (nothing is written then).
 */
export async function chargeToken(
  db: Database,
  charge: TokenCharge,
  now = new Date(),
): Promise<(VaultedCard & { savedMethod: string | undefined }) | undefined> {
  const since = new Date(now.getTime() - CARD_TOKEN_TTL_MS);
  const [row] = await queryRows<
    Omit<VaultedCard, 'renewalOutcome'> & {
      renewal_outcome: VaultedCard['renewalOutcome'];
      saved_method: string | null;
    }
  >(
    db,
    sql`with redeemed as (
      update sandbox_card_tokens set used_at = ${now.toISOString()}::timestamptz
      where token = ${charge.token} and used_at is null and created_at > ${since.toISOString()}::timestamptz
      returning brand, last4, expiry, outcome, renewal_outcome
    ), saved as (
      insert into sandbox_saved_cards (method, brand, last4, expiry, outcome)
      select ${charge.method ?? null}::text, brand, last4, expiry, renewal_outcome from redeemed
      where ${charge.method ?? null}::text is not null
        and outcome in ('success', 'pending', 'challenge')
      returning method
    ), charged as (
      insert into sandbox_charges (payment_id, reported, brand, last4, expiry)
      select ${charge.paymentId}::uuid, ${JSON.stringify(charge.words)}::jsonb ->> outcome,
        brand, last4, expiry
      from redeemed where outcome <> 'pending'
      on conflict (payment_id) do update set reported = excluded.reported, brand = excluded.brand,
        last4 = excluded.last4, expiry = excluded.expiry
    )
    select brand, last4, expiry, outcome, renewal_outcome, (select method from saved) as saved_method
    from redeemed`,
  );
  if (!row) return undefined;
  const { renewal_outcome: renewalOutcome, saved_method: savedMethod, ...card } = row;
  return { ...card, renewalOutcome, savedMethod: savedMethod ?? undefined };
}

/** What the gateway charged for a payment; undefined when it charged no card for it. */
export async function chargeOf(
  db: Database,
  paymentId: string,
): Promise<{ reported: string | null; card: CardSummary } | undefined> {
  const [row] = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.paymentId, paymentId));
  return (
    row && {
      reported: row.reported,
      card: { brand: row.brand, last4: row.last4, expiry: row.expiry },
    }
  );
}

/** One merchant-initiated charge of a batch, with its family's words. */
export interface SavedCardCharge {
  paymentId: string;
  method: string;
  success: string;
  declined: string;
}

/**
 * Merchant-initiated charges of cards on file, in one statement, each recorded once per payment
 * id: a repeat charges nothing and answers what the first recorded (`fresh` false), even while
 * that first one commits at the same moment (the upsert waits for it and reads its row). An
 * unknown method is declined. Answers in the order asked.
 */
export async function chargeSavedCards(
  db: Database,
  charges: readonly SavedCardCharge[],
): Promise<{ reported: string; fresh: boolean }[]> {
  if (charges.length === 0) return [];
  const input = JSON.stringify(
    charges.map((c, n) => ({
      n,
      payment_id: c.paymentId,
      method: c.method,
      ok: c.success,
      no: c.declined,
    })),
  );
  const rows = await queryRows<{ n: number; reported: string; fresh: boolean }>(
    db,
    sql`with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(n int, payment_id uuid, method text, ok text, no text)
    ), charged as (
      insert into sandbox_charges (payment_id, reported, brand, last4, expiry)
      select i.payment_id, case when c.outcome = 'success' then i.ok else i.no end,
        c.brand, c.last4, c.expiry
      from input i join sandbox_saved_cards c on c.method = i.method
      on conflict (payment_id) do update set payment_id = excluded.payment_id
      returning payment_id, reported, xmax = 0 as fresh
    )
    select i.n, coalesce(ch.reported, i.no) as reported, coalesce(ch.fresh, false) as fresh
    from input i left join charged ch on ch.payment_id = i.payment_id`,
  );
  const byIndex = new Map(rows.map((row) => [Number(row.n), row]));
  return charges.map((c, n) => byIndex.get(n) ?? { reported: c.declined, fresh: false });
}
