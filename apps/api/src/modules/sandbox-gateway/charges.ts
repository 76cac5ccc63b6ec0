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
