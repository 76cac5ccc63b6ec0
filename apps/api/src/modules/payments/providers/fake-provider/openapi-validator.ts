/**
 * Test only: a provider's published OpenAPI documents as its fake's contract, whatever the
 * provider. Every request an adapter sends, and every answer and notification a fake sends back,
 * is checked against a component schema of one of the documents (ajv: JSON Schema 2020-12 for
 * OpenAPI 3.1, draft-07 for 3.0); a mismatch is a violation the fake records and the test fails
 * on. A format only the vendor defines (PayPal's `ppaas_…`) accepts any string.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The vendor folder beside the repository (CI clones ../shared next to it). */
export const VENDOR = new URL('../../../../../../../../shared/vendor/', import.meta.url);

export type Violations = (document: string, schema: string, value: unknown) => string[];

/**
 * The violations function of a provider's documents: `documents` names each document's file
 * under `vendorFolder` (of ../shared/vendor/).
 */
export function openApiValidator(
  vendorFolder: string,
  documents: Readonly<Record<string, string>>,
): Violations {
  const loaded = Object.entries(documents).map(
    ([name, file]) =>
      [
        name,
        JSON.parse(
          readFileSync(fileURLToPath(new URL(`${vendorFolder}/${file}`, VENDOR)), 'utf8'),
        ) as Record<string, unknown>,
      ] as const,
  );
  const version = loaded[0]?.[1].openapi;
  const ajv =
    typeof version === 'string' && version.startsWith('3.1')
      ? new Ajv2020({ strict: false, allErrors: true })
      : // OpenAPI 3.0 documents' patterns are ECMAScript without the unicode flag (PayPal's escape
        // characters the unicode flag refuses).
        new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  // ajv-formats is CommonJS: its plugin is the module's `default` when imported from ESM.
  (addFormats as unknown as { default: (instance: Ajv) => Ajv }).default(ajv);
  for (const [name, document] of loaded) {
    ajv.addSchema(document, name);
    for (const format of formatsOf(document)) if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  const validators = new Map<string, ValidateFunction>();
  const validator = (ref: string): ValidateFunction => {
    let found = validators.get(ref);
    if (!found) {
      found = ajv.getSchema(ref);
      if (!found) throw new Error(`no schema ${ref}`);
      validators.set(ref, found);
    }
    return found;
  };
  return (document, schema, value) => {
    const validate = validator(`${document}#/components/schemas/${schema}`);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${schema}${e.instancePath} ${e.message ?? ''}`);
  };
}

/** The `format` names a document uses. */
function formatsOf(document: unknown): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'format' && typeof value === 'string') found.add(value);
        else walk(value);
      }
    }
  };
  walk(document);
  return found;
}
