/**
 * The one door of every console route: no live staff session is a 401, a role that may not do
 * the route's action a 403 (CONSOLE_PERMISSIONS in core). It runs before the body is validated,
 * so a stranger learns nothing about what a route accepts; the shared CSRF check (http/csrf.ts)
 * has refused a cross-site write before it.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError, ERROR_CODES, mayDo, type ConsoleAction } from '@checkout/core/contract';
import type { Database } from '../../db/client';
import { sessionStaff } from './sessions';
import type { StaffMember } from './staff';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffMember;
  }
}

export function consoleGuard(db: Database, idleMs: number) {
  return (action: ConsoleAction | 'any'): preValidationAsyncHookHandler =>
    async (request) => {
      const member = await sessionStaff(db, request, idleMs);
      if (!member) throw new AppError(ERROR_CODES.unauthenticated, 'Log in to the console first.');
      if (action !== 'any' && !mayDo(member.role, action)) {
        throw new AppError(ERROR_CODES.forbidden, 'Your role may not do this.');
      }
      request.staff = member;
    };
}

/** The guarded route's staff member (set by the guard; its absence is a wiring mistake). */
export function staffOf(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new Error('console route without its guard');
  return request.staff;
}
