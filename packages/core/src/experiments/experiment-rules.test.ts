import { describe, expect, it } from 'vitest';
import {
  evaluateRule,
  evaluateRules,
  experimentPath,
  ruleGroupSchema,
  ruleSchema,
  RULE_DIMENSIONS,
  RULE_OPERATORS,
  type Rule,
  type RuleContext,
  type RuleDimension,
  type RuleOperator,
} from './experiment-rules';

const context: RuleContext = {
  path: '/de/payment/',
  country: 'de',
  language: 'DE',
  cookies: { consent: 'granted' },
  params: { coupon: 'SPRING25' },
  custom: { deviceType: 'mobile' },
};

/** Per dimension: the key (if any), a value the request has, its start, its end, its middle. */
const probes: Record<
  RuleDimension,
  { key?: string; whole: string; start: string; end: string; middle: string }
> = {
  URL_PATH: { whole: '/payment/', start: '/pay', end: 'ment/', middle: 'aym' },
  COUNTRY: { whole: 'DE', start: 'D', end: 'E', middle: 'DE' },
  LANGUAGE: { whole: 'de', start: 'd', end: 'e', middle: 'de' },
  COOKIE: { key: 'consent', whole: 'granted', start: 'gra', end: 'ted', middle: 'ant' },
  URL_PARAMETER: { key: 'coupon', whole: 'SPRING25', start: 'SPR', end: '25', middle: 'RING' },
  CUSTOM: { key: 'deviceType', whole: 'mobile', start: 'mob', end: 'ile', middle: 'bil' },
};

/** Operator → [value that makes it true, value that makes it false] for a dimension's probe. */
function cases(
  p: (typeof probes)[RuleDimension],
): Record<RuleOperator, [string | undefined, string | undefined]> {
  return {
    EQUALS: [p.whole, 'other'],
    NOT_EQUALS: ['other', p.whole],
    EXISTS: [undefined, undefined],
    NOT_EXISTS: [undefined, undefined],
    CONTAINS: [p.middle, 'zzz'],
    NOT_CONTAINS: ['zzz', p.middle],
    STARTS_WITH: [p.start, 'zzz'],
    NOT_STARTS_WITH: ['zzz', p.start],
    ENDS_WITH: [p.end, 'zzz'],
    NOT_ENDS_WITH: ['zzz', p.end],
  };
}

const missing: RuleContext = {
  path: '/',
  country: 'US',
  language: 'en',
  cookies: {},
  params: {},
  custom: {},
};

describe('experiment rules: every operator × dimension', () => {
  for (const dimension of RULE_DIMENSIONS) {
    const probe = probes[dimension];
    for (const operator of RULE_OPERATORS) {
      const [yes, no] = cases(probe)[operator];
      const rule = (value: string | undefined): Rule =>
        ruleSchema.parse({
          dimension,
          operator,
          ...(probe.key ? { key: probe.key } : {}),
          ...(value === undefined ? {} : { value }),
        });
      it(`${operator} on ${dimension}`, () => {
        if (operator === 'EXISTS') {
          expect(evaluateRule(rule(undefined), context)).toBe(true);
        } else if (operator === 'NOT_EXISTS') {
          expect(evaluateRule(rule(undefined), context)).toBe(false);
        } else {
          expect(evaluateRule(rule(yes), context)).toBe(true);
          expect(evaluateRule(rule(no), context)).toBe(false);
        }
        // A missing cookie, parameter or fact: every operator is false, NOT_EXISTS true.
        if (probe.key) {
          expect(
            evaluateRule(
              rule(operator === 'EXISTS' || operator === 'NOT_EXISTS' ? undefined : (no ?? 'x')),
              missing,
            ),
          ).toBe(operator === 'NOT_EXISTS');
        }
      });
    }
  }
});

describe('URL_PATH matching', () => {
  it.each([
    ['/de/payment/', '/payment/'],
    ['/pt-br/payment/', '/payment/'],
    ['/pt/', '/'],
    ['/zh-tw', '/'],
    ['/payment/', '/payment/'],
    // Not in the experiment layer's list (§2): kept.
    ['/es-mx/payment/', '/es-mx/payment/'],
    ['/zh-hk/payment/', '/zh-hk/payment/'],
    ['/denmark/', '/denmark/'],
  ])('strips the locale prefix of %s', (path, expected) => {
    expect(experimentPath(path)).toBe(expected);
  });
});

describe('rule groups', () => {
  const group = ruleGroupSchema.parse({
    combinator: 'AND',
    rules: [
      { dimension: 'URL_PATH', operator: 'STARTS_WITH', value: '/payment/' },
      {
        combinator: 'OR',
        rules: [
          { dimension: 'COUNTRY', operator: 'EQUALS', value: 'US' },
          { dimension: 'URL_PARAMETER', key: 'coupon', operator: 'EXISTS' },
        ],
      },
    ],
  });
  it('AND needs every rule; a nested OR needs one', () => {
    expect(evaluateRules(group, context)).toBe(true); // DE, but a coupon
    expect(evaluateRules(group, { ...context, params: {} })).toBe(false);
    expect(evaluateRules(group, { ...context, params: {}, country: 'us' })).toBe(true);
    expect(evaluateRules(group, { ...context, path: '/fr/products/' })).toBe(false);
  });
  it('an empty AND targets everyone, an empty OR no one', () => {
    expect(evaluateRules({ combinator: 'AND', rules: [] }, context)).toBe(true);
    expect(evaluateRules({ combinator: 'OR', rules: [] }, context)).toBe(false);
  });
  it('refuses a cookie rule without a key and a comparison without a value', () => {
    expect(ruleSchema.safeParse({ dimension: 'COOKIE', operator: 'EXISTS' }).success).toBe(false);
    expect(ruleSchema.safeParse({ dimension: 'COUNTRY', operator: 'EQUALS' }).success).toBe(false);
    expect(
      ruleSchema.safeParse({ dimension: 'COUNTRY', operator: 'LIKE', value: 'x' }).success,
    ).toBe(false);
  });
});
