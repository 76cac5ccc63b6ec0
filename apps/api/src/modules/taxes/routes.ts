/** GET /api/payments/taxes/: the tax on an amount for a country and region. */
import type { FastifyInstance } from 'fastify';
import { quoteTax, resolveRegion, taxQuerySchema, type TaxTable } from '@checkout/core';

export function taxRoutes(app: FastifyInstance, table: TaxTable): void {
  app.get('/api/payments/taxes/', (request) => {
    const query = taxQuerySchema.parse(request.query);
    const region = resolveRegion(query.country, query.region);
    return {
      currency: query.currency,
      region: region ?? null,
      ...quoteTax(table, { country: query.country, region }, query.amount),
    };
  });
}
