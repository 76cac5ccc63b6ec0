/** The console's staff list (admins only, `staff.manage`): list, change a role, disable. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleRecordSchema,
  noBodySchema,
  noQuerySchema,
  staffDisableAnswerSchema,
  staffListAnswerSchema,
  staffRoleAnswerSchema,
  staffRoleChangeSchema,
} from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { consoleGuard, staffOf } from './guard';
import { changeRole, disableStaff, listStaff } from './staff-admin';

export function staffRoutes(app: FastifyInstance, db: Database, idleMs: number): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = consoleGuard(db, idleMs)('staff.manage');

  api.get(
    '/api/console/staff/',
    {
      schema: { querystring: noQuerySchema, response: { 200: staffListAnswerSchema } },
      preValidation: guard,
    },
    async () => ({ staff: await listStaff(db) }),
  );

  api.post(
    '/api/console/staff/:id/role/',
    {
      schema: {
        params: consoleRecordSchema,
        body: staffRoleChangeSchema,
        response: { 200: staffRoleAnswerSchema },
      },
      preValidation: guard,
    },
    async (request) =>
      changeRole(
        db,
        { member: staffOf(request), address: request.ip },
        request.params.id,
        request.body.role,
      ),
  );

  api.post(
    '/api/console/staff/:id/disable/',
    {
      schema: {
        params: consoleRecordSchema,
        body: noBodySchema,
        response: { 200: staffDisableAnswerSchema },
      },
      preValidation: guard,
    },
    async (request) =>
      disableStaff(db, { member: staffOf(request), address: request.ip }, request.params.id),
  );
}
