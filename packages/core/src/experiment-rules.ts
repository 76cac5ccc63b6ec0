/**
 * Experiment targeting rules (spec §5): ten operators over six dimensions, combined with AND or
 * OR in nested groups. Pure: the web app hands in what it knows about the request.
 */
import { z } from 'zod';
import { EXPERIMENT_LOCALE_PREFIXES } from './locales';
import { text } from './text';

export const RULE_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'EXISTS',
  'NOT_EXISTS',
  'CONTAINS',
  'NOT_CONTAINS',
  'STARTS_WITH',
  'NOT_STARTS_WITH',
  'ENDS_WITH',
  'NOT_ENDS_WITH',
] as const;

export const RULE_DIMENSIONS = [
  'URL_PATH',
  'COUNTRY',
  'LANGUAGE',
  'COOKIE',
  'URL_PARAMETER',
  'CUSTOM',
] as const;

export type RuleOperator = (typeof RULE_OPERATORS)[number];
export type RuleDimension = (typeof RULE_DIMENSIONS)[number];

/** Dimensions that hold many values and so need a `key` naming one. */
const KEYED: ReadonlySet<RuleDimension> = new Set(['COOKIE', 'URL_PARAMETER', 'CUSTOM']);

export const ruleSchema = z
  .strictObject({
    dimension: z.enum(RULE_DIMENSIONS),
    operator: z.enum(RULE_OPERATORS),
    key: text().min(1).max(100).optional(),
    value: text().max(500).optional(),
  })
  .refine((r) => KEYED.has(r.dimension) === (r.key !== undefined), {
    message: 'COOKIE, URL_PARAMETER and CUSTOM rules name a key; the others do not',
  })
  .refine((r) => r.operator === 'EXISTS' || r.operator === 'NOT_EXISTS' || r.value !== undefined, {
    message: 'every operator but EXISTS and NOT_EXISTS compares with a value',
  });

export type Rule = z.infer<typeof ruleSchema>;

export interface RuleGroup {
  combinator: 'AND' | 'OR';
  rules: readonly (Rule | RuleGroup)[];
}

export const ruleGroupSchema: z.ZodType<RuleGroup> = z.lazy(() =>
  z.strictObject({
    combinator: z.enum(['AND', 'OR']),
    rules: z.array(z.union([ruleSchema, ruleGroupSchema])).max(50),
  }),
);

/** What a rule can look at, for one request. */
export interface RuleContext {
  /** The path as requested, locale prefix included (it is stripped here). */
  path: string;
  country: string;
  language: string;
  cookies: Readonly<Record<string, string>>;
  params: Readonly<Record<string, string>>;
  /** Facts the app computes itself: deviceType, productGroup… */
  custom: Readonly<Record<string, string>>;
}

// Longest first, so that /pt-br/ is not read as /pt/ followed by "br".
const PREFIXES = [...EXPERIMENT_LOCALE_PREFIXES].sort((a, b) => b.length - a.length);

/**
 * The path rules match: without the prefixes §2 lists for the experiment layer (not quite the
 * supported languages: es-mx and zh-hk keep theirs). `/de/payment/` → `/payment/`.
 */
export function experimentPath(path: string): string {
  for (const prefix of PREFIXES) {
    if (path === `/${prefix}` || path === `/${prefix}/`) return '/';
    if (path.startsWith(`/${prefix}/`)) return path.slice(prefix.length + 1);
  }
  return path;
}

function valueOf(rule: Rule, context: RuleContext): string | undefined {
  switch (rule.dimension) {
    case 'URL_PATH':
      return experimentPath(context.path);
    case 'COUNTRY':
      return context.country.toUpperCase();
    case 'LANGUAGE':
      return context.language.toLowerCase();
    case 'COOKIE':
      return context.cookies[rule.key ?? ''];
    case 'URL_PARAMETER':
      return context.params[rule.key ?? ''];
    case 'CUSTOM':
      return context.custom[rule.key ?? ''];
  }
}

/** Countries and languages are compared without regard to case (`us` = `US`, `pt-BR` = `pt-br`). */
function expected(rule: Rule): string {
  const value = rule.value ?? '';
  if (rule.dimension === 'COUNTRY') return value.toUpperCase();
  if (rule.dimension === 'LANGUAGE') return value.toLowerCase();
  return value;
}

/** One rule. A rule on a missing cookie, parameter or fact is false, whatever its operator. */
export function evaluateRule(rule: Rule, context: RuleContext): boolean {
  const actual = valueOf(rule, context);
  if (rule.operator === 'NOT_EXISTS') return actual === undefined;
  if (actual === undefined) return false;
  const want = expected(rule);
  switch (rule.operator) {
    case 'EXISTS':
      return true;
    case 'EQUALS':
      return actual === want;
    case 'NOT_EQUALS':
      return actual !== want;
    case 'CONTAINS':
      return actual.includes(want);
    case 'NOT_CONTAINS':
      return !actual.includes(want);
    case 'STARTS_WITH':
      return actual.startsWith(want);
    case 'NOT_STARTS_WITH':
      return !actual.startsWith(want);
    case 'ENDS_WITH':
      return actual.endsWith(want);
    case 'NOT_ENDS_WITH':
      return !actual.endsWith(want);
  }
}

function isGroup(node: Rule | RuleGroup): node is RuleGroup {
  return 'combinator' in node;
}

/** A group: AND of nothing is true (no targeting), OR of nothing is false. */
export function evaluateRules(group: RuleGroup, context: RuleContext): boolean {
  const test = (node: Rule | RuleGroup) =>
    isGroup(node) ? evaluateRules(node, context) : evaluateRule(node, context);
  return group.combinator === 'AND' ? group.rules.every(test) : group.rules.some(test);
}
