/**
 * Catalog versions (issue 33): a draft of price and plan changes, its preview (the catalog as it
 * would be, built in memory), and its publication as the next version in one transaction, or
 * its discarding. The
 * shipped catalog is version 1 and stays in its tables; published prices go to
 * price_point_changes, from their own date.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import {
  AppError,
  ERROR_CODES,
  parseMinorUnits,
  type CatalogChange,
  type ConsoleCatalogVersion,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { buildSnapshot, type CatalogSnapshot } from './snapshot';
import { readCatalogRows, type CatalogRows, type PlanRow } from './store';
import * as t from './tables';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who changes the catalog, and how the change is written down (the console's audit log). */
export interface Editor {
  email: string;
  /** Called inside the change's transaction: no change without its record. */
  record(
    tx: Pick<Database, 'insert'>,
    entry: { subject: string; before?: unknown; after?: unknown },
  ): Promise<void>;
}

function invalid(index: number, field: string, message: string): AppError {
  return new AppError(ERROR_CODES.validation, message, [
    { path: `changes.${index}.${field}`, message },
  ]);
}

/** A change resolved against the catalog: minor units, plan rows, the before-discount price. */
type Resolved =
  | {
      kind: 'price';
      plan: string;
      currency: string;
      amountMinor: number;
      beforeMinor: number;
      effectiveFrom: Date;
    }
  | { kind: 'add_plan'; template: PlanRow; identifier: string; displayTitle: string }
  | { kind: 'retire_plan'; plan: PlanRow };

/** Checks every change against `rows` (plans of earlier changes in the draft count); 400 if not. */
function resolve(rows: CatalogRows, changes: readonly CatalogChange[]): Resolved[] {
  const snapshot = buildSnapshot(rows);
  const plans = new Map(rows.plans.map((p) => [p.identifier, p]));
  const added = new Map<string, PlanRow>();
  return changes.map((change, i): Resolved => {
    if (change.kind === 'add_plan') {
      const template = plans.get(change.template);
      if (!template) throw invalid(i, 'template', `There is no plan ${change.template}.`);
      if (plans.has(change.identifier) || added.has(change.identifier))
        throw invalid(i, 'identifier', `The plan ${change.identifier} exists already.`);
      added.set(change.identifier, template);
      return { ...change, template };
    }
    const plan = plans.get(change.plan);
    if (change.kind === 'retire_plan') {
      if (!plan || plan.retiredAt)
        throw invalid(i, 'plan', `There is no live plan ${change.plan}.`);
      return { kind: 'retire_plan', plan };
    }
    const template = plan ?? added.get(change.plan);
    if (!template) throw invalid(i, 'plan', `There is no plan ${change.plan}.`);
    // The schema checked the precision; these parse.
    const amountMinor = parseMinorUnits(change.amount, change.currency) ?? 0;
    const given = change.beforeDiscount && parseMinorUnits(change.beforeDiscount, change.currency);
    const kept = snapshot.plans.get(template.identifier)?.prices.get(change.currency)?.[1] ?? 0;
    return {
      kind: 'price',
      plan: change.plan,
      currency: change.currency,
      amountMinor,
      beforeMinor: given || Math.max(kept, amountMinor),
      effectiveFrom: new Date(change.effectiveFrom),
    };
  });
}

/** What shoppers would see with the draft published (prices shown whatever their date). */
export function applyDraft(rows: CatalogRows, changes: readonly CatalogChange[]): CatalogRows {
  const now = buildSnapshot(rows);
  const next: CatalogRows = { ...rows, version: rows.version + 1 };
  const ids = new Map(rows.plans.map((p) => [p.identifier, p.id]));
  for (const change of resolve(rows, changes)) {
    if (change.kind === 'retire_plan') {
      next.plans = next.plans.map((p) =>
        p.id === change.plan.id ? { ...p, retiredAt: new Date() } : p,
      );
    } else if (change.kind === 'add_plan') {
      const id = -(ids.size + 1);
      ids.set(change.identifier, id);
      next.plans = [...next.plans, newPlanRow(change.template, change, id)];
      next.planServices = [...next.planServices, ...copyPlanServices(rows, change.template.id, id)];
      next.packagePlans = [...next.packagePlans, ...copyPackagePlans(rows, change.template.id, id)];
      next.pricePoints = [...next.pricePoints, ...currentPrices(now, change.template, id)];
    } else {
      const planId = ids.get(change.plan) ?? 0;
      next.priceChanges = [
        ...next.priceChanges,
        {
          planId,
          currency: change.currency,
          amountMinor: change.amountMinor,
          beforeDiscountMinor: change.beforeMinor,
          effectiveFrom: new Date(0),
          version: next.version,
        },
      ];
    }
  }
  return next;
}

function newPlanRow(
  template: PlanRow,
  change: { identifier: string; displayTitle: string },
  id: number,
): PlanRow {
  // A plan that renews into itself renews the copy into the copy.
  const renewsItself = template.nextChargePlan === template.identifier;
  return {
    ...template,
    id,
    identifier: change.identifier,
    displayTitle: change.displayTitle,
    remoteId: change.identifier,
    nextChargePlan: renewsItself ? change.identifier : template.nextChargePlan,
    retiredAt: null,
  };
}

function copyPlanServices(rows: CatalogRows, from: number, to: number) {
  return rows.planServices.filter((s) => s.planId === from).map((s) => ({ ...s, planId: to }));
}

/** The copy sits at the end of every package that offers its template. */
function copyPackagePlans(rows: CatalogRows, from: number, to: number) {
  return rows.packagePlans
    .filter((pp) => pp.planId === from)
    .map((pp) => ({
      packageId: pp.packageId,
      planId: to,
      position:
        Math.max(
          ...rows.packagePlans.filter((o) => o.packageId === pp.packageId).map((o) => o.position),
        ) + 1,
    }));
}

function currentPrices(snapshot: CatalogSnapshot, template: PlanRow, planId: number) {
  const prices = snapshot.plans.get(template.identifier)?.prices ?? new Map<string, never>();
  return [...prices].map(([currency, [amountMinor, beforeDiscountMinor]]) => ({
    planId,
    currency,
    amountMinor,
    beforeDiscountMinor,
  }));
}

function versionView(row: typeof t.catalogVersions.$inferSelect): ConsoleCatalogVersion {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    note: row.note,
    changes: row.changes,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    publishedBy: row.publishedBy,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    previewToken: row.previewToken,
  };
}

export async function catalogVersions(db: Database, limit = 30): Promise<ConsoleCatalogVersion[]> {
  const rows = await db
    .select()
    .from(t.catalogVersions)
    .orderBy(desc(t.catalogVersions.id))
    .limit(limit);
  return rows.map(versionView);
}

/** Saves a draft that every change of which is valid now; its preview token opens the checkout. */
export async function createDraft(
  db: Database,
  draft: { note: string; changes: CatalogChange[] },
  by: Editor,
): Promise<ConsoleCatalogVersion> {
  resolve(await readCatalogRows(db), draft.changes);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.catalogVersions)
      .values({
        status: 'draft',
        note: draft.note,
        changes: draft.changes,
        previewToken: randomBytes(24).toString('base64url'),
        createdBy: by.email,
      })
      .returning();
    if (!row) throw new Error('draft not saved');
    await by.record(tx, { subject: `catalog:draft:${row.id}`, after: draft });
    return versionView(row);
  });
}

/** The catalog with the draft of `token` applied, for the preview; 404 once it is published. */
export async function previewSnapshot(db: Database, token: string): Promise<CatalogSnapshot> {
  const [draft] = await db
    .select()
    .from(t.catalogVersions)
    .where(and(eq(t.catalogVersions.previewToken, token), eq(t.catalogVersions.status, 'draft')));
  if (!draft) throw new AppError(ERROR_CODES.notFound, 'There is no draft with this preview.');
  const rows = await readCatalogRows(db);
  return buildSnapshot(applyDraft(rows, draft.changes as CatalogChange[]));
}

/**
 * Takes the next version number under a lock, so two publications (or coupon changes) at once
 * get two numbers rather than a unique-key error.
 */
export async function nextVersion(tx: Tx): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog_versions'))`);
  const [row] = await tx.select({ latest: max(t.catalogVersions.version) }).from(t.catalogVersions);
  return (row?.latest ?? 1) + 1;
}

/** The prices and plans a publication replaced, for the audit log. */
type Replaced = {
  plan: string;
  currency?: string;
  price?: [number, number] | null;
  retired?: boolean;
};

/** Publishes draft `id` as the next version: 404 when unknown, 409 when published already. */
export async function publishDraft(
  db: Database,
  id: number,
  by: Editor,
): Promise<ConsoleCatalogVersion> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(t.catalogVersions)
      .where(eq(t.catalogVersions.id, id))
      .for('update');
    if (!draft) throw new AppError(ERROR_CODES.notFound, `There is no draft ${id}.`);
    if (draft.status !== 'draft')
      throw new AppError(ERROR_CODES.conflict, `Draft ${id} is published already.`);
    const version = await nextVersion(tx);
    const rows = await readCatalogRows(tx);
    const snapshot = buildSnapshot(rows);
    const before: Replaced[] = [];
    const ids = new Map(rows.plans.map((p) => [p.identifier, p.id]));
    for (const change of resolve(rows, draft.changes as CatalogChange[])) {
      if (change.kind === 'retire_plan') {
        before.push({ plan: change.plan.identifier, retired: false });
        await tx
          .update(t.plans)
          .set({ retiredAt: new Date() })
          .where(eq(t.plans.id, change.plan.id));
      } else if (change.kind === 'add_plan') {
        ids.set(change.identifier, await insertPlanCopy(tx, rows, snapshot, change));
        before.push({ plan: change.identifier, price: null });
      } else {
        const price = snapshot.plans.get(change.plan)?.prices.get(change.currency);
        before.push({
          plan: change.plan,
          currency: change.currency,
          price: price ? [...price] : null,
        });
        await tx.insert(t.pricePointChanges).values({
          planId: ids.get(change.plan) ?? 0,
          currency: change.currency,
          amountMinor: change.amountMinor,
          beforeDiscountMinor: change.beforeMinor,
          effectiveFrom: change.effectiveFrom,
          version,
        });
      }
    }
    const [row] = await tx
      .update(t.catalogVersions)
      .set({
        status: 'published',
        version,
        publishedBy: by.email,
        publishedAt: new Date(),
        previewToken: null,
      })
      .where(eq(t.catalogVersions.id, id))
      .returning();
    if (!row) throw new Error('draft vanished');
    await by.record(tx, {
      subject: `catalog:version:${version}`,
      before,
      after: { draft: id, note: row.note, changes: row.changes },
    });
    return versionView(row);
  });
}

/**
 * Discards draft `id`: the row goes (its preview with it), the audit log keeps what it held.
 * 404 when unknown, 409 when published (a version is history).
 */
export async function discardDraft(db: Database, id: number, by: Editor): Promise<void> {
  await db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(t.catalogVersions)
      .where(eq(t.catalogVersions.id, id))
      .for('update');
    if (!draft) throw new AppError(ERROR_CODES.notFound, `There is no draft ${id}.`);
    if (draft.status !== 'draft')
      throw new AppError(ERROR_CODES.conflict, `Version ${id} is published; it stays.`);
    await tx.delete(t.catalogVersions).where(eq(t.catalogVersions.id, id));
    await by.record(tx, {
      subject: `catalog:draft:${id}`,
      before: { note: draft.note, changes: draft.changes, createdBy: draft.createdBy },
    });
  });
}

async function insertPlanCopy(
  tx: Tx,
  rows: CatalogRows,
  snapshot: CatalogSnapshot,
  change: { template: PlanRow; identifier: string; displayTitle: string },
): Promise<number> {
  // The copy's id comes from the plans' own sequence.
  const copy: Omit<PlanRow, 'id'> & { id?: number } = newPlanRow(change.template, change, 0);
  delete copy.id;
  const [plan] = await tx.insert(t.plans).values(copy).returning({ id: t.plans.id });
  if (!plan) throw new Error('plan not saved');
  const services = copyPlanServices(rows, change.template.id, plan.id);
  if (services.length > 0) await tx.insert(t.planServices).values(services);
  const packages = copyPackagePlans(rows, change.template.id, plan.id);
  if (packages.length > 0) await tx.insert(t.packagePlans).values(packages);
  const prices = currentPrices(snapshot, change.template, plan.id);
  if (prices.length > 0) await tx.insert(t.pricePoints).values(prices);
  return plan.id;
}

/** Records a change published at once (a coupon's) as a version of its own. */
export async function publishedAtOnce(
  tx: Tx,
  by: string,
  note: string,
  changes: unknown[],
): Promise<number> {
  const version = await nextVersion(tx);
  await tx.insert(t.catalogVersions).values({
    status: 'published',
    version,
    note,
    changes,
    createdBy: by,
    publishedBy: by,
    publishedAt: new Date(),
  });
  return version;
}

/** Plans of the catalog as the console lists them, with today's prices. */
export function planRows(snapshot: CatalogSnapshot, rows: CatalogRows) {
  return rows.plans
    .map((p) => ({
      identifier: p.identifier,
      displayTitle: p.displayTitle,
      retired: p.retiredAt !== null,
      prices: Object.fromEntries(
        [...(snapshot.plans.get(p.identifier)?.prices ?? [])].map(([c, [amount]]) => [c, amount]),
      ),
    }))
    .sort((a, b) => a.identifier.localeCompare(b.identifier));
}
