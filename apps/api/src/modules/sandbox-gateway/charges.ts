/**
 * The sandbox gateway's record of the card payments it charged: what it reports of each and the
 * card it charged, so that asking it about a payment whose answer the checkout lost (its process
 * died between the charge and storing the answer) gets what a real provider's API would say.
 */
import { eq, sql } from 'drizzle-orm';
import { preparedQuery, queryRows, type Database } from '../../db/client';
import type { CardSummary } from '../payments/providers/adapter';
import { sandboxCharges } from './tables';

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

/**
 * A merchant-initiated charge of a card on file, recorded once per payment id in one statement:
 * a repeat answers what the first recorded (`fresh` false) and charges nothing. An unknown
 * method is declined.
 */
export async function chargeSavedCard(
  db: Database,
  paymentId: string,
  method: string,
  words: { success: string; declined: string },
): Promise<{ reported: string; fresh: boolean }> {
  const [row] = await queryRows<{ reported: string; fresh: boolean }>(
    db,
    sql`with card as (
      select brand, last4, expiry, outcome from sandbox_saved_cards where method = ${method}
    ), charged as (
      insert into sandbox_charges (payment_id, reported, brand, last4, expiry)
      select ${paymentId}::uuid,
        case when outcome = 'success' then ${words.success} else ${words.declined} end,
        brand, last4, expiry from card
      on conflict (payment_id) do nothing
      returning reported
    )
    select reported, true as fresh from charged
    union all
    select reported, false from sandbox_charges where payment_id = ${paymentId}::uuid`,
  );
  return row ?? { reported: words.declined, fresh: false };
}
