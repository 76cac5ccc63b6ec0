/**
 * oidc-provider's storage adapter over our database, so every api node shares sessions,
 * interactions, codes and grants (the library's memory adapter is for one process only).
 */
import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { isPlainText } from '@checkout/core';
import type { Database } from '../../db/client';
import { oidcModels } from './tables';

/** Models that belong to a grant and go when it is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** Ends the provider sessions in which a client was given this `sid` (its logout). */
export async function endProviderSessions(
  db: Database,
  clientId: string,
  sid: string,
): Promise<void> {
  await db
    .delete(oidcModels)
    .where(
      and(
        eq(oidcModels.kind, 'Session'),
        sql`${oidcModels.payload} -> 'authorizations' -> ${clientId} ->> 'sid' = ${sid}`,
      ),
    );
}

/**
 * Ends everything the provider holds for an account: its sessions (the next login asks for the
 * password), grants and the codes and tokens given under them.
 */
export async function endAccountProviderState(
  db: Pick<Database, 'delete'>,
  accountId: string,
): Promise<void> {
  await db
    .delete(oidcModels)
    .where(
      and(
        inArray(oidcModels.kind, ['Session', 'Grant', ...GRANTABLE]),
        sql`${oidcModels.payload} ->> 'accountId' = ${accountId}`,
      ),
    );
}

export function adapterFactory(db: Database): (kind: string) => Adapter {
  return (kind) => new DatabaseAdapter(db, kind);
}

class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      kind: this.kind,
      id,
      payload,
      grantId: GRANTABLE.has(this.kind) ? (payload.grantId ?? null) : null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(oidcModels)
      .values(row)
      .onConflictDoUpdate({ target: [oidcModels.kind, oidcModels.id], set: row });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // An id the database cannot hold names no record (and would fail the query).
    if (!isPlainText(id)) return undefined;
    return this.findWhere(eq(oidcModels.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    if (!isPlainText(uid)) return undefined;
    return this.findWhere(eq(oidcModels.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    if (!isPlainText(userCode)) return undefined;
    return this.findWhere(eq(oidcModels.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcModels)
      .set({ consumedAt: new Date() })
      .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .delete(oidcModels)
      .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcModels)
      .where(and(eq(oidcModels.kind, this.kind), eq(oidcModels.grantId, grantId)));
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select()
      .from(oidcModels)
      .where(
        and(
          eq(oidcModels.kind, this.kind),
          condition,
          or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, new Date())),
        ),
      );
    if (!row) return undefined;
    const { payload } = row;
    return row.consumedAt
      ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
      : payload;
  }
}
