/**
 * Staff login through an external OpenID Connect issuer (docs/decisions/013): what the console's
 * login screen sends and reads. The issuer's answer itself is checked by openid-client.
 */
import { z } from 'zod';
import { text } from '../text';

/** The console's languages (English and German, docs/decisions/009). */
export const CONSOLE_LANGUAGES = ['en', 'de'] as const;

/**
 * Where the staff issuer sends the browser back with its code: the console's client registers it
 * with the issuer, and the built-in identity provider admits it as a redirect URI.
 */
export const STAFF_ISSUER_CALLBACK_PATH = '/api/console/issuer/callback/';

/** GET /api/console/issuer/: the staff issuer's name (its host), or null when none is set. */
export const staffIssuerAnswerSchema = z.object({ issuer: text().nullable() });

/** POST /api/console/issuer/login/: the language to come back to after the issuer. */
export const staffIssuerLoginSchema = z.strictObject({ lang: z.enum(CONSOLE_LANGUAGES) });

/** …and where to send the browser: the issuer's authorization endpoint. */
export const staffIssuerRedirectSchema = z.object({ redirectUrl: z.url() });

/** POST /api/console/issuer/code/: the console's second factor after the issuer. */
export const staffIssuerCodeSchema = z.strictObject({
  code: z.string().regex(/^\d{6}$/, 'six digits'),
});

/**
 * Where the callback sends the browser back to the login screen (`?issuer=`): the second factor
 * is due, the issuer's person is no enabled staff member, or the login failed on the way.
 */
export const ISSUER_OUTCOMES = ['code', 'refused', 'failed'] as const;
export type IssuerOutcome = (typeof ISSUER_OUTCOMES)[number];

/** RFC 8176 methods that are a second factor already: the console asks for no code then. */
const SECOND_FACTOR_METHODS = ['mfa', 'otp', 'hwk'];

export function assertsSecondFactor(amr: readonly string[]): boolean {
  return amr.some((method) => SECOND_FACTOR_METHODS.includes(method));
}
