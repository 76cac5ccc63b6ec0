/**
 * Passkeys (WebAuthn) as a staff member's second factor (issue 33): what the console sends to
 * register one, to log in with one after the password, and what it shows of them. The browser's
 * answers are base64url fields as @simplewebauthn/browser sends them; the api verifies them.
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../email';
import { text } from '../text';

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url');

/** The transports WebAuthn names today; a browser's newer ones are dropped, not refused. */
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof TRANSPORTS)[number];
const isTransport = (value: string): value is Transport =>
  (TRANSPORTS as readonly string[]).includes(value);

const credential = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  /** The api reads none of the browser's extension outputs. */
  clientExtensionResults: z.object({}).default({}),
};

/** navigator.credentials.create()'s answer (RegistrationResponseJSON). */
export const passkeyAttestationSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65_536),
    transports: z
      .array(z.string().max(32))
      .max(10)
      .transform((list) => list.filter(isTransport))
      .optional(),
  }),
});

/** navigator.credentials.get()'s answer (AuthenticationResponseJSON). */
export const passkeyAssertionSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
});

/** The challenge a ceremony answers: single-use, short-lived, named by this id. */
const attempt = () => z.uuid();

/** POST /api/console/passkeys/: the logged-in member's new passkey, named by them. */
export const passkeyRegisterSchema = z.strictObject({
  attempt: attempt(),
  name: text().trim().min(1).max(60),
  response: passkeyAttestationSchema,
});

const email = () => text().trim().min(3).max(EMAIL_MAX_LENGTH);

/** POST /api/console/session/passkey/options/: a login challenge for this address. */
export const passkeyLoginOptionsSchema = z.strictObject({ email: email() });

/** POST /api/console/session/passkey/: the password and the passkey's answer together. */
export const passkeyLoginSchema = z.strictObject({
  email: email(),
  password: text().min(1).max(200),
  attempt: attempt(),
  response: passkeyAssertionSchema,
});

/** What the security page lists of a member's own passkeys (never the key itself). */
export const consolePasskeySchema = z.object({
  id: z.uuid(),
  name: text(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ConsolePasskey = z.infer<typeof consolePasskeySchema>;

/** GET /api/console/passkeys/. */
export const passkeyListAnswerSchema = z.object({ passkeys: z.array(consolePasskeySchema) });

/**
 * POST /api/console/passkeys/options/ and /api/console/session/passkey/options/: the ceremony's
 * id and @simplewebauthn's options for the browser, handed on as they are (their challenge is
 * checked; the browser library reads the rest).
 */
export const passkeyOptionsAnswerSchema = z.object({
  attempt: attempt(),
  options: z.looseObject({ challenge: base64url(1024) }),
});
