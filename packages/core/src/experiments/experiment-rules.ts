/**
 * Experiment targeting rules (spec §5): ten operators over six dimensions, combined with AND or
 * OR in nested groups. Pure: the web app hands in what it knows about the request.
 */
import { z } from 'zod';
import { EXPERIMENT_LOCALE_PREFIXES } from '../locales';
import { text } from '../text';

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

/**
 * A request's facts as the rules compare them: the same fields, path stripped of its locale
 * prefix and country and language case-folded, once per request (ruleFacts).
 */
export type RuleFacts = RuleContext;

export function ruleFacts(context: RuleContext): RuleFacts {
  return {
    path: experimentPath(context.path),
    // Countries and languages are compared without regard to case (`us` = `US`, `pt-BR` = `pt-br`).
    country: context.country.toUpperCase(),
    language: context.language.toLowerCase(),
    cookies: context.cookies,
    params: context.params,
    custom: context.custom,
  };
}

function factOf(dimension: RuleDimension, key: string): (facts: RuleFacts) => string | undefined {
  switch (dimension) {
    case 'URL_PATH':
      return (f) => f.path;
    case 'COUNTRY':
      return (f) => f.country;
    case 'LANGUAGE':
      return (f) => f.language;
    case 'COOKIE':
      return (f) => f.cookies[key];
    case 'URL_PARAMETER':
      return (f) => f.params[key];
    case 'CUSTOM':
      return (f) => f.custom[key];
  }
}

/**
 * One rule, its comparison fixed in advance (compiled once per definitions list, asked per
 * request). A rule on a missing cookie, parameter or fact is false, whatever its operator.
 */
export function compileRule(rule: Rule): (facts: RuleFacts) => boolean {
  const fact = factOf(rule.dimension, rule.key ?? '');
  const raw = rule.value ?? '';
  const want =
    rule.dimension === 'COUNTRY'
      ? raw.toUpperCase()
      : rule.dimension === 'LANGUAGE'
        ? raw.toLowerCase()
        : raw;
  const test = (compare: (actual: string) => boolean) => (facts: RuleFacts) => {
    const actual = fact(facts);
    return actual !== undefined && compare(actual);
  };
  switch (rule.operator) {
    case 'NOT_EXISTS':
      return (facts) => fact(facts) === undefined;
    case 'EXISTS':
      return test(() => true);
    case 'EQUALS':
      return test((a) => a === want);
    case 'NOT_EQUALS':
      return test((a) => a !== want);
    case 'CONTAINS':
      return test((a) => a.includes(want));
    case 'NOT_CONTAINS':
      return test((a) => !a.includes(want));
    case 'STARTS_WITH':
      return test((a) => a.startsWith(want));
    case 'NOT_STARTS_WITH':
      return test((a) => !a.startsWith(want));
    case 'ENDS_WITH':
      return test((a) => a.endsWith(want));
    case 'NOT_ENDS_WITH':
      return test((a) => !a.endsWith(want));
  }
}

/**
 * A compiled rule tree: `memo` holds each distinct rule's answer for one request (0 not yet,
 * 1 true, 2 false), so a rule that many experiments share (a page, a country) is tested once.
 */
export type RulePredicate = (facts: RuleFacts, memo: Uint8Array) => boolean;

/** Compiles the rule trees of one definitions list; equal rules share one memo slot. */
export class RuleCompiler {
  private readonly slots = new Map<string, number>();

  /** How many distinct rules were compiled: the size of a request's memo. */
  get count(): number {
    return this.slots.size;
  }

  /** A group: AND of nothing is true (no targeting), OR of nothing is false. */
  group(group: RuleGroup): RulePredicate {
    const parts = group.rules.map((node) =>
      'combinator' in node ? this.group(node) : this.rule(node),
    );
    if (group.combinator === 'AND') {
      return (facts, memo) => {
        for (const part of parts) if (!part(facts, memo)) return false;
        return true;
      };
    }
    return (facts, memo) => {
      for (const part of parts) if (part(facts, memo)) return true;
      return false;
    };
  }

  private rule(rule: Rule): RulePredicate {
    const key = JSON.stringify([rule.dimension, rule.key, rule.operator, rule.value]);
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.slots.size;
      this.slots.set(key, slot);
    }
    const at = slot;
    const test = compileRule(rule);
    return (facts, memo) => {
      const known = memo[at];
      if (known) return known === 1;
      const answer = test(facts);
      memo[at] = answer ? 1 : 2;
      return answer;
    };
  }
}

/** One rule against one request (compiled on the spot: for tests and one-off checks). */
export function evaluateRule(rule: Rule, context: RuleContext): boolean {
  return compileRule(rule)(ruleFacts(context));
}

/** One group against one request (compiled on the spot: for tests and one-off checks). */
export function evaluateRules(group: RuleGroup, context: RuleContext): boolean {
  const compiler = new RuleCompiler();
  const predicate = compiler.group(group);
  return predicate(ruleFacts(context), new Uint8Array(compiler.count));
}
