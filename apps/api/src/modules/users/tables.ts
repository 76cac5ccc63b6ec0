/** The checkout's side of login: pending login attempts and the sessions behind `token`. */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One started login: what the callback needs to finish it (PKCE verifier, nonce, target). */
export const authAttempts = pgTable('auth_attempts', {
  state: text('state').primaryKey(),
  /** SHA-256 of the random value in the browser's auth_attempt cookie (login CSRF binding). */
  bindingHash: text('binding_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  loginTarget: text('login_target').notNull(),
  ownerId: text('owner_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A logged-in browser; the cookie carries the token, the table only its SHA-256. */
export const userSessions = pgTable(
  'user_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id').notNull(),
    email: text('email').notNull(),
    /** The identity provider's session id (id_token `sid`), ended on logout. */
    providerSid: text('provider_sid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_sessions_account').on(t.accountId)],
);
