/**
 * The console's api (issue 33): login with password and TOTP, enrolment, orders, the audit log
 * and staff accounts. Every route but login and enrolment passes the guard first (401/403);
 * handlers are parse → service → reply.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  auditAnswerSchema,
  auditQuerySchema,
  consoleAutoRenewAnswerSchema,
  consoleCancelAnswerSchema,
  consoleCustomerSchema,
  consoleOrderDetailSchema,
  consoleRetryAnswerSchema,
  enrolmentAnswerSchema,
  orderSearchAnswerSchema,
  revealAnswerSchema,
  staffAddAnswerSchema,
  staffMemberAnswerSchema,
  staffSessionAnswerSchema,
  type StaffSessionAnswer,
  consoleAutoRenewSchema,
  CONSOLE_PERMISSIONS,
  type ConsoleAction,
  consoleRecordSchema,
  consoleRefundSchema,
  customerLookupSchema,
  enrolmentQuerySchema,
  noBodySchema,
  noQuerySchema,
  orderExportSchema,
  orderSearchSchema,
  staffAddSchema,
  staffEnrolSchema,
  staffLoginSchema,
} from '@checkout/core/contract';
import { audit, auditEntries } from './audit';
import { csv } from './csv';
import {
  cancelSubscriptionFromConsole,
  changeAutoRenewFromConsole,
  customerOf,
  retryRenewalFromConsole,
  type CustomerDeps,
} from './customers';
import { consoleGuard, staffOf } from './guard';
import {
  cancelFromConsole,
  exportOrders,
  findOrders,
  orderDetail,
  refundFromConsole,
  resendFromConsole,
  revealEmail,
  type Actor,
  type ConsoleOrderDeps,
} from './orders';
import { endStaffSession, startStaffSession } from './sessions';
import { addStaff, checkLogin, enrol, enrolmentOf, type StaffMember } from './staff';

export interface ConsoleOptions {
  idleMs: number;
  /** Where the console's pages are (the enrolment link points there). */
  publicOrigin: string;
  /** Tries per client address per minute at the login. */
  loginRateLimit: number;
}

export function consoleRoutes(
  app: FastifyInstance,
  deps: ConsoleOrderDeps & CustomerDeps,
  options: ConsoleOptions,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const guard = consoleGuard(db, options.idleMs);
  const secure = options.publicOrigin.startsWith('https:');
  const actor = (request: FastifyRequest): Actor => ({
    member: staffOf(request),
    address: request.ip,
  });
  const loginLimit = { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } };
  /**
   * An action on one record (`:id`) that takes no body: guarded, then done by `run`, whose
   * answer `answer` describes (checked here, since the route cannot infer it from a generic).
   */
  const recordAction = <A extends z.ZodType>(
    path: string,
    action: ConsoleAction,
    answer: A,
    run: (who: Actor, id: string) => Promise<z.input<A>>,
  ) => {
    const response: Record<200, z.ZodType> = { 200: answer };
    api.post(
      path,
      {
        schema: { params: consoleRecordSchema, body: noBodySchema, response },
        preValidation: guard(action),
      },
      async (request) => run(actor(request), request.params.id),
    );
  };
  const sessionOf = ({ email, role }: StaffMember): StaffSessionAnswer => ({
    email,
    role,
    actions: [...CONSOLE_PERMISSIONS[role]],
  });

  api.post(
    '/api/console/session/',
    {
      schema: { body: staffLoginSchema, response: { 200: staffSessionAnswerSchema } },
      config: loginLimit,
    },
    async (request, reply) => {
      const member = await checkLogin(db, request.body);
      await startStaffSession(db, reply, member, secure);
      return sessionOf(member);
    },
  );

  api.get(
    '/api/console/session/',
    {
      schema: { querystring: noQuerySchema, response: { 200: staffSessionAnswerSchema } },
      preValidation: guard('any'),
    },
    (request) => sessionOf(staffOf(request)),
  );

  api.delete(
    '/api/console/session/',
    { schema: { querystring: noQuerySchema } },
    async (request, reply) => {
      await endStaffSession(db, request, reply);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/console/enrolment/',
    {
      schema: { querystring: enrolmentQuerySchema, response: { 200: enrolmentAnswerSchema } },
      config: loginLimit,
    },
    async (request) => enrolmentOf(db, request.query.token),
  );

  api.post(
    '/api/console/enrolment/',
    {
      schema: { body: staffEnrolSchema, response: { 200: staffMemberAnswerSchema } },
      config: loginLimit,
    },
    async (request) => {
      const member = await enrol(db, request.body);
      return { email: member.email, role: member.role };
    },
  );

  api.get(
    '/api/console/orders/',
    {
      schema: { querystring: orderSearchSchema, response: { 200: orderSearchAnswerSchema } },
      preValidation: guard('orders.read'),
    },
    async (request) => findOrders(db, request.query),
  );

  api.get(
    '/api/console/orders/export/',
    { schema: { querystring: orderExportSchema }, preValidation: guard('orders.export') },
    async (request, reply) =>
      csv(
        reply,
        `orders-${new Date().toISOString().slice(0, 10)}`,
        await exportOrders(db, actor(request), request.query),
      ),
  );

  api.get(
    '/api/console/orders/:id/',
    {
      schema: {
        params: consoleRecordSchema,
        querystring: noQuerySchema,
        response: { 200: consoleOrderDetailSchema },
      },
      preValidation: guard('orders.read'),
    },
    async (request) => orderDetail(db, request.params.id),
  );

  api.post(
    '/api/console/orders/:id/refunds/',
    {
      schema: {
        params: consoleRecordSchema,
        body: consoleRefundSchema,
        response: { 200: consoleOrderDetailSchema },
      },
      preValidation: guard('orders.refund'),
    },
    async (request) => refundFromConsole(deps, actor(request), request.params.id, request.body),
  );

  recordAction(
    '/api/console/orders/:id/receipt/',
    'orders.resend_receipt',
    consoleOrderDetailSchema,
    (who, id) => resendFromConsole(deps, who, id),
  );

  recordAction(
    '/api/console/orders/:id/cancel/',
    'orders.cancel',
    consoleOrderDetailSchema,
    (who, id) => cancelFromConsole(deps, who, id),
  );

  recordAction(
    '/api/console/orders/:id/reveal/',
    'customers.reveal',
    revealAnswerSchema,
    (who, id) => revealEmail(db, who, id),
  );

  api.get(
    '/api/console/customers/',
    {
      schema: { querystring: customerLookupSchema, response: { 200: consoleCustomerSchema } },
      preValidation: guard('customers.read'),
    },
    async (request) => customerOf(deps, request.query),
  );

  api.post(
    '/api/console/subscriptions/:id/auto-renew/',
    {
      schema: {
        params: consoleRecordSchema,
        body: consoleAutoRenewSchema,
        response: { 200: consoleAutoRenewAnswerSchema },
      },
      preValidation: guard('subscriptions.manage'),
    },
    async (request) =>
      changeAutoRenewFromConsole(deps, actor(request), request.params.id, request.body.autoRenew),
  );

  recordAction(
    '/api/console/subscriptions/:id/cancel/',
    'subscriptions.manage',
    consoleCancelAnswerSchema,
    (who, id) => cancelSubscriptionFromConsole(deps, who, id),
  );

  recordAction(
    '/api/console/subscriptions/:id/retry/',
    'subscriptions.manage',
    consoleRetryAnswerSchema,
    (who, id) => retryRenewalFromConsole(deps, who, id),
  );

  api.get(
    '/api/console/audit/',
    {
      schema: { querystring: auditQuerySchema, response: { 200: auditAnswerSchema } },
      preValidation: guard('audit.read'),
    },
    async (request) => ({ entries: await auditEntries(db, request.query) }),
  );

  api.post(
    '/api/console/staff/',
    {
      schema: { body: staffAddSchema, response: { 200: staffAddAnswerSchema } },
      preValidation: guard('staff.manage'),
    },
    async (request) => {
      const { member, token } = await addStaff(db, request.body.email, request.body.role);
      const who = actor(request);
      await audit(db, who.member, who.address, {
        action: 'staff.add',
        subject: `staff:${member.email}`,
        after: { role: member.role },
      });
      return {
        email: member.email,
        role: member.role,
        enrolmentUrl: enrolmentUrl(options.publicOrigin, token),
      };
    },
  );
}

/** The one-time link the new member opens to set a password and the second factor. */
export function enrolmentUrl(publicOrigin: string, token: string): string {
  return new URL(`/console/en/enrol/#${token}`, publicOrigin).toString();
}
