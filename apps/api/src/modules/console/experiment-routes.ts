/**
 * The console's experiments api: read for analysts, finance, marketing and admins; changes
 * (create, start, pause, stop, weights) for marketing and admins. Parse → service → reply.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleExperimentCreateSchema,
  consoleExperimentDetailSchema,
  consoleExperimentParamsSchema,
  consoleExperimentSchema,
  consoleWeightsSchema,
  experimentCommandSchema,
  experimentListAnswerSchema,
  noBodySchema,
  noQuerySchema,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import {
  changeWeights,
  commandExperiment,
  createExperiment,
  experimentDetail,
  listExperiments,
} from './experiments';
import { consoleGuard, staffOf } from './guard';
import type { Actor } from './orders';

export function experimentRoutes(app: FastifyInstance, db: Database, idleMs: number): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = consoleGuard(db, idleMs);
  const actor = (request: FastifyRequest): Actor => ({
    member: staffOf(request),
    address: request.ip,
  });

  api.get(
    '/api/console/experiments/',
    {
      schema: { querystring: noQuerySchema, response: { 200: experimentListAnswerSchema } },
      preValidation: guard('experiments.read'),
    },
    async () => ({ experiments: await listExperiments(db) }),
  );

  api.get(
    '/api/console/experiments/:id/',
    {
      schema: {
        params: consoleExperimentParamsSchema,
        querystring: noQuerySchema,
        response: { 200: consoleExperimentDetailSchema },
      },
      preValidation: guard('experiments.read'),
    },
    async (request) => experimentDetail(db, request.params.id),
  );

  api.post(
    '/api/console/experiments/',
    {
      schema: { body: consoleExperimentCreateSchema, response: { 200: consoleExperimentSchema } },
      preValidation: guard('experiments.manage'),
    },
    async (request) => createExperiment(db, actor(request), request.body),
  );

  api.post(
    '/api/console/experiments/:id/:command/',
    {
      schema: {
        params: experimentCommandSchema,
        body: noBodySchema,
        response: { 200: consoleExperimentSchema },
      },
      preValidation: guard('experiments.manage'),
    },
    async (request) =>
      commandExperiment(db, actor(request), request.params.id, request.params.command),
  );

  api.put(
    '/api/console/experiments/:id/weights/',
    {
      schema: {
        params: consoleExperimentParamsSchema,
        body: consoleWeightsSchema,
        response: { 200: consoleExperimentSchema },
      },
      preValidation: guard('experiments.manage'),
    },
    async (request) => changeWeights(db, actor(request), request.params.id, request.body.weights),
  );
}
