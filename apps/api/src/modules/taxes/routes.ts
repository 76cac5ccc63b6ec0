/** GET /api/payments/taxes/: the tax on an amount for a country and region. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quoteTax, resolveRegion, taxQuerySchema, type TaxTable } from '@checkout/core';
import type { TaxAnswer } from '@checkout/core/contract';

export function taxRoutes(app: FastifyInstance, table: TaxTable): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/payments/taxes/', { schema: { querystring: taxQuerySchema } }, (request) => {
    const { query } = request;
    const region = resolveRegion(query.country, query.region);
    return {
      currency: query.currency,
      region: region ?? null,
      ...quoteTax(table, { country: query.country, region }, query.amount),
    } satisfies TaxAnswer;
  });
}
