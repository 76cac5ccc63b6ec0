import { describe, expect, it } from 'vitest';
import { checkTableWriters, foreignWrites, tableOwners } from './table-writers.mjs';

const owners = tableOwners({
  'apps/api/src/modules/subscriptions/tables.ts': `export const subscriptions = pgTable('subscriptions', {`,
  'apps/api/src/modules/orders/tables.ts': `export const orders = pgTable(\n  'orders',\n  {`,
});

describe('the table-writer check (a module alone writes its tables)', () => {
  it('finds no table of the api written outside its owning module', async () => {
    const { owners: found, problems } = await checkTableWriters();
    expect(found.byName.get('subscriptions')).toBe('subscriptions');
    expect(found.byName.get('orders')).toBe('orders');
    expect(problems).toEqual([]);
  });

  it('refuses a write planted in another module, through Drizzle or in SQL text', () => {
    const planted = {
      'apps/api/src/modules/payments/planted.ts': [
        'await db.update(subscriptions).set({ autoRenew: false });',
        'await queryRows(db, sql`update subscriptions s set status = ${to} where s.id = ${id}`);',
        'sql`insert into orders (id) select id from fresh`',
        'sql`delete from subscriptions where id = ${id}`',
      ].join('\n'),
    };
    expect(foreignWrites(planted, owners)).toEqual([
      'apps/api/src/modules/payments/planted.ts:1 writes subscriptions (owned by subscriptions)',
      'apps/api/src/modules/payments/planted.ts:2 writes subscriptions (owned by subscriptions)',
      'apps/api/src/modules/payments/planted.ts:3 writes orders (owned by orders)',
      'apps/api/src/modules/payments/planted.ts:4 writes subscriptions (owned by subscriptions)',
    ]);
  });

  it('lets the owner write, and anyone read or say "update" in prose', () => {
    const files = {
      'apps/api/src/modules/subscriptions/moves.ts':
        'sql`update subscriptions set status = ${to}`; await tx.insert(t.subscriptions).values(row);',
      'apps/api/src/modules/orders/history.ts': [
        '// the customer may update the card; we insert into nothing here',
        'sql`select * from subscriptions`',
        'sql`insert into order_events select id from moved on conflict do update set at = now()`',
      ].join('\n'),
    };
    expect(foreignWrites(files, owners)).toEqual([]);
  });
});
