/** Adyen's references and words per payment, and the disputes it reported (adyen tables). */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client';
import { adyenDisputes, adyenPayments } from './tables';

export interface AdyenWord {
  pspReference?: string | undefined;
  resultCode: string;
  refusalReason?: string | undefined;
}

/** Keeps Adyen's latest word on a payment (its pspReference once known, never forgotten). */
export async function rememberWord(
  db: Database,
  paymentId: string,
  word: AdyenWord,
): Promise<void> {
  const row = {
    paymentId,
    pspReference: word.pspReference ?? null,
    resultCode: word.resultCode,
    refusalReason: word.refusalReason ?? null,
  };
  await db
    .insert(adyenPayments)
    .values(row)
    .onConflictDoUpdate({
      target: adyenPayments.paymentId,
      set: {
        pspReference: sql`coalesce(${adyenPayments.pspReference}, excluded.psp_reference)`,
        resultCode: row.resultCode,
        refusalReason: sql`coalesce(excluded.refusal_reason, ${adyenPayments.refusalReason})`,
        updatedAt: sql`now()`,
      },
      // A repeated word (a replayed notification) changes nothing, not even the time.
      setWhere: sql`${adyenPayments.resultCode} is distinct from excluded.result_code
        or ${adyenPayments.pspReference} is null`,
    });
}

export async function wordOf(
  db: Database,
  paymentId: string,
): Promise<{ pspReference: string | null; resultCode: string } | undefined> {
  const [row] = await db
    .select({ pspReference: adyenPayments.pspReference, resultCode: adyenPayments.resultCode })
    .from(adyenPayments)
    .where(eq(adyenPayments.paymentId, paymentId));
  return row;
}

export interface Dispute {
  pspReference: string;
  paymentId: string;
  eventCode: string;
  reason: string | undefined;
  amountMinor: number;
  currency: string;
  decision: string;
}

/** Writes a reported dispute down once. */
export async function recordDispute(db: Database, dispute: Dispute): Promise<void> {
  await db
    .insert(adyenDisputes)
    .values({ ...dispute, reason: dispute.reason ?? null })
    .onConflictDoNothing();
}
