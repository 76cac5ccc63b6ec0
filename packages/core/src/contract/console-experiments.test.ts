import { describe, expect, it } from 'vitest';
import { evaluateRules } from '../experiments/experiment-rules';
import { experimentTargetingSchema, targetingOf, targetingRules } from './console-experiments';

const visitor = (country: string, language: string) => ({
  path: '/payment/',
  country,
  language,
  cookies: {},
  params: {},
  custom: {},
});

describe("the experiment form's targeting", () => {
  it.each([
    [{ countries: ['de', 'AT'], languages: ['de'] }, 'AT', 'de', true],
    [{ countries: ['de', 'AT'], languages: ['de'] }, 'CH', 'de', false],
    [{ countries: ['de', 'AT'], languages: ['de'] }, 'DE', 'en', false],
    [{ countries: [], languages: ['pt-BR'] }, 'US', 'pt-br', true],
    [{ countries: ['GB'], languages: [] }, 'GB', 'fr', true],
  ])('%j takes a visitor from %s in %s: %s', (input, country, language, taken) => {
    const targeting = experimentTargetingSchema.parse(input);
    const rules = targetingRules(targeting);
    expect(rules && evaluateRules(rules, visitor(country, language))).toBe(taken);
    expect(targetingOf(rules)).toEqual(targeting);
  });

  it('takes everyone when it names no country and no language', () => {
    const everyone = experimentTargetingSchema.parse({});
    expect(targetingRules(everyone)).toBeNull();
    expect(targetingOf(null)).toEqual({ countries: [], languages: [] });
  });

  it('refuses codes the checkout does not know', () => {
    for (const input of [{ countries: ['XX'] }, { countries: ['UK'] }, { languages: ['xx'] }]) {
      expect(experimentTargetingSchema.safeParse(input).success).toBe(false);
    }
  });

  it('says null of rules it did not write', () => {
    expect(
      targetingOf({
        combinator: 'AND',
        rules: [{ dimension: 'URL_PATH', operator: 'STARTS_WITH', value: '/payment/' }],
      }),
    ).toBeNull();
  });
});
