import fp from 'fastify-plugin';
import { createTenantRepository, type TenantRepository } from '../../domain/tenants.js';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantRepository;
  }
}

/** Tenant-access lookups shared by GET /tenant_access/ and the X-Tenant-ID guard (domain/tenants.ts). */
export const tenantsPlugin = fp(
  (fastify, _opts, done) => {
    fastify.decorate('tenants', createTenantRepository(fastify.db));
    done();
  },
  { name: 'tenants', dependencies: ['database'] },
);
