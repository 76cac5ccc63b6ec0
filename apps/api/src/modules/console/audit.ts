/**
 * The audit log: every console action that changes something, and every reveal of a customer's
 * data, with who, when, what, before, after and from which address. This file only appends and
 * reads; the database refuses updates, deletes and truncation (migration 0030's triggers).
 */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import type { StaffMember } from './staff';
import { auditLog } from './tables';

export interface AuditRecord {
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
}

export async function audit(
  db: Pick<Database, 'insert'>,
  who: StaffMember,
  address: string,
  record: AuditRecord,
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: who.id,
    staffEmail: who.email,
    action: record.action,
    subject: record.subject,
    before: record.before ?? null,
    after: record.after ?? null,
    address,
  });
}

/** Newest first; `subject` narrows it to one order or account, `before` pages on. */
export async function auditEntries(
  db: Database,
  filter: { subject?: string | undefined; before?: number | undefined; limit: number },
): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (filter.subject) where.push(eq(auditLog.subject, filter.subject));
  if (filter.before) where.push(lt(auditLog.id, filter.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    staffEmail: row.staffEmail,
    action: row.action,
    subject: row.subject,
    before: row.before,
    after: row.after,
    address: row.address,
  }));
}
