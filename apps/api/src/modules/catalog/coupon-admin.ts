/**
 * Coupons made in the console (issue 33): a percentage off listed plans in every currency they
 * are sold in, with a window, a limit and a switch. Each change is published at once as a
 * catalog version, so every node's cached answers change with it within CATALOG_REFRESH_MS.
 */
import { eq } from 'drizzle-orm';
import {
  AppError,
  ERROR_CODES,
  type CouponCreate,
  type CouponUpdate,
  type ConsoleCouponRow,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { CatalogSnapshot } from './snapshot';
import * as t from './tables';
import { publishedAtOnce, type Editor } from './versions';

type CouponRow = typeof t.coupons.$inferSelect;

export function couponView(row: CouponRow, redemptions: number): ConsoleCouponRow {
  return {
    code: row.code,
    percentOff: row.percentOff,
    validFrom: row.validFrom.toISOString(),
    validUntil: row.validUntil.toISOString(),
    maxRedemptions: row.maxRedemptions,
    disabled: row.disabledAt !== null,
    oncePerEmail: row.oncePerEmail,
    redemptions,
  };
}

export async function couponRows(db: Database): Promise<CouponRow[]> {
  return db.select().from(t.coupons).orderBy(t.coupons.code);
}

/** Creates the coupon with its prices (the plan's price now, less the percentage, rounded). */
export async function createCoupon(
  db: Database,
  snapshot: CatalogSnapshot,
  input: CouponCreate,
  by: Editor,
): Promise<CouponRow> {
  const plans = input.plans.map((identifier, i) => {
    const plan = snapshot.plans.get(identifier);
    if (!plan) {
      const message = `There is no plan ${identifier}.`;
      throw new AppError(ERROR_CODES.validation, message, [{ path: `plans.${i}`, message }]);
    }
    return plan;
  });
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(t.coupons).where(eq(t.coupons.code, input.code));
    if (existing)
      throw new AppError(ERROR_CODES.conflict, `The coupon ${input.code} exists already.`);
    const [row] = await tx
      .insert(t.coupons)
      .values({
        code: input.code,
        isLegacy: false,
        percentOff: input.percentOff,
        validFrom: new Date(input.validFrom),
        validUntil: new Date(input.validUntil),
        oncePerEmail: input.oncePerEmail,
        maxRedemptions: input.maxRedemptions,
      })
      .returning();
    if (!row) throw new Error('coupon not saved');
    const prices = plans.flatMap((plan) =>
      [...plan.prices].map(([currency, [amount]]) => ({
        couponCode: input.code,
        planId: plan.id,
        currency,
        amountMinor: Math.round((amount * (100 - input.percentOff)) / 100),
      })),
    );
    await tx.insert(t.couponPricePoints).values(prices);
    await publishedAtOnce(tx, by.email, `Coupon ${input.code} created`, [
      { kind: 'coupon', ...input },
    ]);
    await by.record(tx, { subject: `coupon:${row.code}`, after: couponView(row, 0) });
    return row;
  });
}

/** Limits, reschedules, disables or enables a coupon: 404 unknown, 400 an end before its start. */
export async function updateCoupon(
  db: Database,
  code: string,
  input: CouponUpdate,
  by: Editor,
  redemptions: number,
): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(t.coupons)
      .where(eq(t.coupons.code, code))
      .for('update');
    if (!before) throw new AppError(ERROR_CODES.notFound, `There is no coupon ${code}.`);
    const validFrom = input.validFrom ? new Date(input.validFrom) : before.validFrom;
    const validUntil = input.validUntil ? new Date(input.validUntil) : before.validUntil;
    if (validUntil <= validFrom) {
      const message = 'validUntil must be after validFrom';
      throw new AppError(ERROR_CODES.validation, message, [{ path: 'validUntil', message }]);
    }
    const disabledAt =
      input.disabled === undefined
        ? before.disabledAt
        : input.disabled
          ? (before.disabledAt ?? new Date())
          : null;
    const [after] = await tx
      .update(t.coupons)
      .set({
        validFrom,
        validUntil,
        disabledAt,
        maxRedemptions:
          input.maxRedemptions === undefined ? before.maxRedemptions : input.maxRedemptions,
      })
      .where(eq(t.coupons.code, code))
      .returning();
    if (!after) throw new Error('coupon vanished');
    await publishedAtOnce(tx, by.email, `Coupon ${code} changed`, [
      { kind: 'coupon', code, ...input },
    ]);
    await by.record(tx, {
      subject: `coupon:${code}`,
      before: couponView(before, redemptions),
      after: couponView(after, redemptions),
    });
    return after;
  });
}
