import { authenticatedErrorResponses } from '../../../schemas/common.js';

export const TenantAccess = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
  },
} as const;

export const listTenantAccessSchema = {
  summary: 'Tenants the logged-in user may act for (no X-Tenant-ID needed)',
  response: {
    200: { type: 'array', items: TenantAccess },
    ...authenticatedErrorResponses,
  },
} as const;
