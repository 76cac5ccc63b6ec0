/** Wires taxes into the api: the rate table, read once, and GET /api/payments/taxes/. */
import type { FastifyInstance } from 'fastify';
import type { TaxTable } from '@checkout/core';
import { taxRoutes } from './routes';
import { loadTaxTable } from './tax-table';

export function taxesModule(app: FastifyInstance): TaxTable {
  const taxes = loadTaxTable();
  taxRoutes(app, taxes);
  return taxes;
}
