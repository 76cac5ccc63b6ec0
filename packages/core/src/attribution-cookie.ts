/**
 * The attribution cookies read back (attribution.ts writes them): checked with a schema where a
 * request arrives, by the api at payment start and by the web server for the page's tracker, so
 * the browser loads no schema code for them.
 */
import * as zm from 'zod/mini';
import {
  ATTRIBUTION_CURRENT_COOKIE,
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_FIRST_COOKIE,
  ATTRIBUTION_MAX_LENGTH,
  attributionQuery,
  type Attribution,
  type AttributionState,
} from './attribution';
import { cookieValue } from './cookie-header';

export const attributionSchema = zm.object(
  Object.fromEntries(
    ATTRIBUTION_FIELDS.map((f) => [f, zm.string().check(zm.maxLength(ATTRIBUTION_MAX_LENGTH))]),
  ) as Record<(typeof ATTRIBUTION_FIELDS)[number], zm.ZodMiniString>,
);

export function parseAttribution(value: string | null | undefined): Attribution | null {
  if (!value || value.length > ATTRIBUTION_MAX_LENGTH * 3) return null;
  const params = new URLSearchParams(value);
  const result = attributionSchema.safeParse(
    Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f, params.get(f) ?? ''])),
  );
  // A cookie written before attributionQuery kept the whole landing query.
  return result.success && result.data.source
    ? { ...result.data, query: attributionQuery(result.data.query) }
    : null;
}

/** Both sessions' attribution from a request's Cookie header, as the tracker last wrote them. */
export function attributionCookies(cookieHeader: string): AttributionState {
  return {
    current: parseAttribution(cookieValue(cookieHeader, ATTRIBUTION_CURRENT_COOKIE)),
    first: parseAttribution(cookieValue(cookieHeader, ATTRIBUTION_FIRST_COOKIE)),
  };
}
