/**
 * Signed QA tokens: a QA link (`?qa=<token>`) lets its holder override flags per request, so
 * the token must come from someone who holds QA_SECRET, and it expires. Form:
 * `<qa id>.<expiry in unix seconds>.<HMAC-SHA256 of "qa.<id>.<expiry>", base64url>`.
 * No server-only import: scripts/mint-qa-token.ts and the browser tests mint with it too.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Local and test deployments sign with this when QA_SECRET is unset; production never. */
export const DEVELOPMENT_QA_SECRET = 'development-qa-secret-never-used-in-production';

const QA_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/i;
const TOKEN = /^([a-z0-9][a-z0-9_-]{0,31})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/i;

export interface QaVisitor {
  /** Who the token was minted for (a name or ticket), for the QA team's own bookkeeping. */
  id: string;
  /** When the token stops working, in milliseconds since the epoch. */
  expiresAt: number;
}

const signature = (secret: string, id: string, expiry: string) =>
  createHmac('sha256', secret).update(`qa.${id}.${expiry}`).digest('base64url');

export function mintQaToken(secret: string, id: string, expiresAt: Date): string {
  if (!QA_ID.test(id)) throw new Error('a QA id is 1 to 32 letters, digits, - or _');
  const expiry = String(Math.floor(expiresAt.getTime() / 1000));
  return `${id}.${expiry}.${signature(secret, id, expiry)}`;
}

/** The QA visitor a token stands for, or null when it is malformed, forged or expired. */
export function verifyQaToken(
  secret: string,
  token: string | null | undefined,
  now = Date.now(),
): QaVisitor | null {
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const [, id = '', expiry = '', given = ''] = match;
  const expected = Buffer.from(signature(secret, id, expiry));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = Number(expiry) * 1000;
  return expiresAt > now ? { id, expiresAt } : null;
}

/**
 * The secret QA tokens are checked with: QA_SECRET when set; in production deployments nothing
 * else (no secret, no QA overrides at all); elsewhere the development secret.
 */
export function qaSecretFor(config: {
  QA_SECRET?: string | undefined;
  production: boolean;
}): string | undefined {
  return config.QA_SECRET ?? (config.production ? undefined : DEVELOPMENT_QA_SECRET);
}
