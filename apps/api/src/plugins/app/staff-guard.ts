import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { staffScopeOf, type StaffScope } from '../../domain/staff.js';
import { currentUser } from './authentication.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `onRequest` hook for the staff operations (`x-staff`); list it after
     * `fastify.authenticate`: `{ onRequest: [fastify.authenticate, fastify.requireStaff] }`.
     * A user without `is_staff` gets 403 `staff_only`; no `X-Tenant-ID` is read. Sets
     * `request.staffScope` to the buildings the staff member may see.
     */
    requireStaff: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** Set by `fastify.requireStaff`; null on other routes. */
    staffScope: StaffScope | null;
  }
}

/** The scope `fastify.requireStaff` set; its absence is a wiring mistake in the route (500). */
export function currentStaffScope(request: FastifyRequest): StaffScope {
  if (request.staffScope === null) throw new Error('the route does not run fastify.requireStaff');
  return request.staffScope;
}

/** The staff guard (domain/staff.ts holds the rule). */
export const staffGuardPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorateRequest('staffScope', null);
    fastify.decorate('requireStaff', async function requireStaff(request: FastifyRequest) {
      request.staffScope = await staffScopeOf(fastify.db, currentUser(request), request.staffBuildingIds);
    });
    done();
  },
  { name: 'staff-guard', dependencies: ['authentication'] },
);
