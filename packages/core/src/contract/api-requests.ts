/**
 * Schemas of the api's small request parts (path parameters, queries, bodies that carry no
 * domain data), declared on its routes; the domain bodies have theirs beside their types.
 */
import { z } from 'zod';
import { text } from '../text';

/** A call that reads nothing from its query: any parameters (cache busters) are dropped. */
export const noQuerySchema = z.object({});

/**
 * A cart, order or payment id in a path. Any text: an id that is not a UUID names no record and
 * is answered 404, exactly like an unknown one or a stranger's (docs/decisions/003).
 */
export const recordParamsSchema = z.object({ id: text().max(200) });

/** The identity provider's login interaction in a path (checked against its store). */
export const interactionParamsSchema = z.object({ uid: text().max(200) });

/** The payment method lists of a cart. */
export const cartQuerySchema = z.object({ cart_id: text() });

/**
 * The identity provider's redirect back to the login callback. A value that is not what the
 * provider sends becomes absent, so the callback answers as for any failed login: a redirect
 * to the login page, never an error page the shopper cannot leave.
 */
export const loginCallbackQuerySchema = z.object({
  state: text().min(1).max(256).optional().catch(undefined),
  code: text().min(1).max(2048).optional().catch(undefined),
  error: text().max(256).optional().catch(undefined),
});

/** The sandbox mailbox page: one address's messages. */
export const mailboxQuerySchema = z.object({ to: text().min(3).max(254) });

function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed === null || (typeof parsed === 'object' && !Array.isArray(parsed));
  } catch {
    return false;
  }
}

/** One GraphQL parameter of a GET: a repeated one arrives as a list, which is refused. */
const graphqlText = z.string({ error: 'is given twice' });
const graphqlJson = graphqlText.refine(isJsonObject, 'is not a JSON object');

/**
 * GET /graphql's parameters. graphql-yoga would answer a 500 to `variables` or `extensions`
 * that are not JSON, so they are refused here first.
 */
export const graphqlGetQuerySchema = z.object({
  query: graphqlText.optional(),
  operationName: graphqlText.optional(),
  variables: graphqlJson.optional(),
  extensions: graphqlJson.optional(),
});

/** POST /graphql's body as GraphQL over HTTP defines it; graphql-yoga reads it from here. */
export const graphqlPostBodySchema = z.looseObject({
  query: z.string().optional(),
  operationName: z.string().nullish(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
});
