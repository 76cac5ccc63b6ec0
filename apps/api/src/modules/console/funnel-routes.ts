/**
 * The console's funnels and payment figures, for the roles that read them: conversion by step
 * per day (grouped and filtered), payment success per provider and method, refunds and
 * chargebacks per week. Each answers JSON, or with `format=csv` the same rows as a CSV file.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  disputesAnswerSchema,
  funnelAnswerSchema,
  funnelQuerySchema,
  paymentFiguresAnswerSchema,
  paymentFiguresQuerySchema,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { funnelByDay } from '../analytics/funnel';
import { disputesByWeek, successByProvider } from '../payments/payment-figures';
import { csv } from './csv';
import { consoleGuard } from './guard';

export function funnelRoutes(app: FastifyInstance, db: Database, idleMs: number): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = consoleGuard(db, idleMs);

  api.get(
    '/api/console/funnels/',
    {
      schema: { querystring: funnelQuerySchema, response: { 200: funnelAnswerSchema } },
      preValidation: guard('funnels.read'),
    },
    async (request, reply) => {
      const { query } = request;
      const rows = await funnelByDay(db, query);
      if (query.format === 'csv') return csv(reply, `funnel-${query.from}-${query.to}`, rows);
      return { rows };
    },
  );

  api.get(
    '/api/console/funnels/payments/',
    {
      schema: {
        querystring: paymentFiguresQuerySchema,
        response: { 200: paymentFiguresAnswerSchema },
      },
      preValidation: guard('funnels.read'),
    },
    async (request, reply) => {
      const { query } = request;
      const providers = await successByProvider(db, query);
      if (query.format === 'csv')
        return csv(reply, `payments-${query.from}-${query.to}`, providers);
      return { providers };
    },
  );

  api.get(
    '/api/console/funnels/disputes/',
    {
      schema: { querystring: paymentFiguresQuerySchema, response: { 200: disputesAnswerSchema } },
      preValidation: guard('funnels.read'),
    },
    async (request, reply) => {
      const { query } = request;
      const weeks = await disputesByWeek(db, query);
      if (query.format === 'csv') return csv(reply, `disputes-${query.from}-${query.to}`, weeks);
      return { weeks };
    },
  );
}
