/** The identity provider's token signing key: made by the first node, shared through the database. */
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../../db/client';
import { identityKeys } from './tables';

const KEY_ID = 'es256-1';

export async function loadSigningKey(db: Database): Promise<JWK> {
  const [existing] = await db.select().from(identityKeys);
  if (existing) return existing.privateJwk;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'ES256', use: 'sig' };
  // Two nodes starting together: the first insert wins and both read the same row back.
  await db.insert(identityKeys).values({ id: KEY_ID, privateJwk: jwk }).onConflictDoNothing();
  const [stored] = await db.select().from(identityKeys);
  return stored!.privateJwk;
}
