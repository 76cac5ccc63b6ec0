/**
 * Test only: Adyen's published OpenAPI documents as the fake's contract. Every request the
 * adapter sends, every answer and every notification the fake sends back is checked against
 * its schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses); a mismatch is a violation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The vendor folder beside the repository (CI clones ../shared next to it). */
const VENDOR = new URL('../../../../../../../../../shared/vendor/adyen-openapi/', import.meta.url);
const load = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(fileURLToPath(new URL(file, VENDOR)), 'utf8')) as Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its plugin is the module's `default` when imported from ESM.
(addFormats as unknown as { default: (instance: Ajv2020) => Ajv2020 }).default(ajv);
ajv.addSchema(load('CheckoutService-v71.json'), 'checkout');
ajv.addSchema(load('Webhooks-v1.json'), 'webhooks');

const validators = new Map<string, ValidateFunction>();
function validator(ref: string): ValidateFunction {
  let found = validators.get(ref);
  if (!found) {
    found = ajv.getSchema(ref);
    if (!found) throw new Error(`no schema ${ref}`);
    validators.set(ref, found);
  }
  return found;
}

/** The problems of `value` against a component schema of a document; empty when it is valid. */
export function violationsOf(
  document: 'checkout' | 'webhooks',
  schema: string,
  value: unknown,
): string[] {
  const validate = validator(`${document}#/components/schemas/${schema}`);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${schema}${e.instancePath} ${e.message ?? ''}`);
}
