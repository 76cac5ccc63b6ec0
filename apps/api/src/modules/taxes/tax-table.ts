/** The tax rate table in data/taxes/rates.json, validated once at start-up. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { taxTableSchema, type TaxTable } from '@checkout/core';

const RATES = fileURLToPath(new URL('../../../../../data/taxes/rates.json', import.meta.url));

export function loadTaxTable(): TaxTable {
  return taxTableSchema.parse(JSON.parse(readFileSync(RATES, 'utf8')));
}
