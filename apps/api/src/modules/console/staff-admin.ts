/**
 * The staff list an admin keeps (issue 33): who has access with which role, a role changed, an
 * account disabled (its sessions end at once). Each change is audited with before and after;
 * none may leave the console without an enabled admin.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { AppError, ERROR_CODES, type StaffListRow, type StaffRole } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { audit } from './audit';
import type { Actor } from './orders';
import { staffAccounts, staffSessions } from './tables';

export async function listStaff(db: Database): Promise<StaffListRow[]> {
  const rows = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      role: staffAccounts.role,
      passwordHash: staffAccounts.passwordHash,
      disabledAt: staffAccounts.disabledAt,
      createdAt: staffAccounts.createdAt,
    })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    enrolled: row.passwordHash !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The member under its row lock, the enabled admins locked too: two admins demoting each other
 * at once queue here, so the second sees the first's change.
 */
async function lockedMember(tx: Tx, id: string) {
  await tx.execute(
    sql`select 1 from ${staffAccounts} where ${staffAccounts.role} = 'admin' for update`,
  );
  const [member] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  if (!member) throw new AppError(ERROR_CODES.notFound, 'There is no such staff member.');
  return member;
}

async function refuseLastAdmin(tx: Tx, member: { role: StaffRole; disabledAt: Date | null }) {
  if (member.role !== 'admin' || member.disabledAt) return;
  const admins = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, 'admin'), isNull(staffAccounts.disabledAt)));
  if (admins.length <= 1) {
    throw new AppError(ERROR_CODES.lastAdmin, 'This is the last admin; make another admin first.');
  }
}

export async function changeRole(db: Database, actor: Actor, id: string, role: StaffRole) {
  return db.transaction(async (tx) => {
    const member = await lockedMember(tx, id);
    if (member.role === role) {
      throw new AppError(ERROR_CODES.conflict, 'The member has this role already.');
    }
    if (role !== 'admin') await refuseLastAdmin(tx, member);
    await tx.update(staffAccounts).set({ role }).where(eq(staffAccounts.id, id));
    await audit(tx, actor.member, actor.address, {
      action: 'staff.role',
      subject: `staff:${member.email}`,
      before: { role: member.role },
      after: { role },
    });
    return { id, email: member.email, role };
  });
}

export async function disableStaff(db: Database, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const member = await lockedMember(tx, id);
    if (member.disabledAt) throw new AppError(ERROR_CODES.conflict, 'Disabled already.');
    await refuseLastAdmin(tx, member);
    await tx.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
    await audit(tx, actor.member, actor.address, {
      action: 'staff.disable',
      subject: `staff:${member.email}`,
      before: { disabled: false },
      after: { disabled: true },
    });
    return { id, email: member.email, disabled: true as const };
  });
}
