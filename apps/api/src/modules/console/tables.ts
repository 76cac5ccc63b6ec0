/**
 * The console's tables: staff accounts, their sessions and passkeys, and the append-only audit
 * log.
 */
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONSOLE_LANGUAGES, STAFF_ROLES } from '@checkout/core/contract';

export const staffAccounts = pgTable('staff_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  /** Null until the account is enrolled through its one-time link. */
  passwordHash: text('password_hash'),
  /** The TOTP secret (base32); null until enrolled. */
  totpSecret: text('totp_secret'),
  /** The time step of the last code accepted: that code and older ones are refused (replay). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  enrolmentTokenHash: text('enrolment_token_hash'),
  enrolmentExpiresAt: timestamp('enrolment_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by an admin: its sessions end and it logs in no more (until enrolled again). */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const staffSessions = pgTable('staff_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  /** Each request moves it; a session unused for CONSOLE_IDLE_MINUTES is dead. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** However active, a session ends here (12 hours after login). */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Never updated or deleted: triggers of migration 0030 refuse both, and truncation. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    /** What it acted on: `order:<id>`, `staff:<email>`, … */
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address').notNull(),
  },
  (t) => [index('audit_log_by_subject').on(t.subject, t.id)],
);

/** A staff member's passkeys (WebAuthn credentials), a second factor besides TOTP. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    /** The credential's id (base64url), as the browser names it at login. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key (base64url). */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: a login reporting no more than it is refused. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('staff_passkeys_by_staff').on(t.staffId)],
);

/** Registration and login challenges under way: each taken once (deleted), until it expires. */
export const staffPasskeyChallenges = pgTable(
  'staff_passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What it may answer: `register:<staff id>` or `login:<e-mail>`. */
    subject: text('subject').notNull(),
    challenge: text('challenge').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_passkey_challenges_by_expiry').on(t.expiresAt)],
);
/**
 * A login through the staff issuer (migration 0040): the browser's binding and the request's
 * checks until the callback; then the member who still owes the second factor (staffId set).
 */
export const staffIssuerLogins = pgTable('staff_issuer_logins', {
  bindingHash: text('binding_hash').primaryKey(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** The console's language the login started in, where the callback sends the browser back. */
  lang: text('lang', { enum: CONSOLE_LANGUAGES }).notNull(),
  staffId: uuid('staff_id').references(() => staffAccounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
