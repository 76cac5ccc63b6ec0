/**
 * The names on the wire between the browser, the web server and the api (spec §3 "request
 * header names"): the headers and cookies either side reads, and how a client reads a refusal's
 * envelope (errors.ts). Zod-free and small: the browser's request helper reads it.
 */
import type { ErrorIssue } from './errors';

/** A server-side call's session token, instead of the `token` cookie the browser sends. */
export const USER_TOKEN_HEADER = 'x-user-token';
/** Server-side calls carry the `experiment` cookie's value to the api in this header. */
export const EXPERIMENT_HEADER = 'x-experiment';
/** The shopper's browser, on calls the web server makes for them (its own agent is undici). */
export const FORWARDED_USER_AGENT_HEADER = 'x-forwarded-user-agent';
/** The header a call retried after a challenge carries its solution in. */
export const CHALLENGE_HEADER = 'x-challenge-solution';
/** Every payment creation carries one: the same key, the same payment. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/**
 * The header the web server proves itself with when it reads what only it may read
 * (`GET /api/experiments/`: the rules, weights and redirects of every experiment). Its value is
 * INTERNAL_API_TOKEN, shared by the two apps' configurations.
 */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * The visitor's country, as the web server resolved it, on the events it forwards to the
 * collector (the console's funnel groups by it; events carry no country of their own).
 */
export const VISITOR_COUNTRY_HEADER = 'x-visitor-country';

/** The shopper's checkout session (a random token; the api keeps its SHA-256). */
export const TOKEN_COOKIE = 'token';
/**
 * The HttpOnly cookie that binds carts to the browser that created them (the api keeps only a
 * keyed hash of its value); the web app forwards it on its server-side reads of carts and orders.
 */
export const CART_BINDING_COOKIE = 'cart_binding';

/** A refusal as a client reads it from a body: what it finds of the envelope, or null. */
export interface Refusal {
  code: string | number;
  reason?: string;
  issues: ErrorIssue[];
}

const isIssue = (value: unknown): value is ErrorIssue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErrorIssue).path === 'string' &&
  typeof (value as ErrorIssue).message === 'string';

/** The envelope's code, reason and issues in a refused call's body (zod-free: browser code). */
export function refusalIn(body: unknown): Refusal | null {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, reason, issues } = error as Record<string, unknown>;
  if (typeof code !== 'string' && typeof code !== 'number') return null;
  return {
    code,
    ...(typeof reason === 'string' ? { reason } : {}),
    issues: Array.isArray(issues) ? issues.filter(isIssue) : [],
  };
}
