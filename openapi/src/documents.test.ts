import { readFileSync } from 'node:fs';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dereference } from './dereference.js';
import { SAMPLE_SUPPLIER } from './fixtures.js';
import {
  FEATURE_FLAGS,
  OPENAPI_ONLY_KEYWORDS,
  parseFeatureDeclaration,
  fastifySchemaFor,
  getOperation,
  listOperations,
  loadDocument,
  type DocumentName,
  type OperationInfo,
} from './documents.js';

// ajv-formats is CommonJS; its plugin function is the `default` export under both loaders.
const addFormats = addFormatsModule.default;

/** Every call of docs/product.md §7, as `METHOD path`. */
const SPEC_SECTION_7_CALLS = [
  'POST /api/v1/public_support/',
  'GET /api/v1/public_support/{id}/',
  'POST /api/v1/public_support/{id}/add_message/',
  'GET /api/v1/support_tickets/',
  'GET /api/v1/support_tickets/{id}/',
  'POST /api/v1/support_tickets/',
  'POST /api/v1/support_tickets/{id}/messages/',
  'POST /api/v1/support_tickets/{id}/attachments/',
  'POST /api/v1/support_tickets/{id}/close/',
  'GET /api/v1/maintenance_events/',
  'GET /api/v1/maintenance_events/{id}/',
  'GET /api/v1/buildings/',
  'GET /api/v1/buildings/{id}/',
  'POST /api/v1/_allauth/app/v1/auth/password/request',
  'POST /api/v1/_allauth/app/v1/auth/password/reset',
  'GET /api/v1/meeting_rooms/',
  'GET /api/v1/meeting_rooms/{id}/',
  'GET /api/v1/meeting_rooms/reservation/all/',
  'GET /api/v1/meeting_rooms/reservation/',
  'GET /api/v1/meeting_rooms/reservation/{id}/',
  'POST /api/v1/meeting_rooms/reservation/',
  'POST /api/v1/meeting_rooms/reservation/public/',
  'POST /api/v1/meeting_rooms/reservation/{uuid}/cancel/{token}/',
  'GET /api/v1/billing_statements/',
  'GET /api/v1/billing_statements/{id}/',
  'POST /api/v1/readings/',
  'GET /api/v1/tenant_access/',
  'POST /api/v1/_allauth/app/v1/auth/login',
  'DELETE /api/v1/_allauth/app/v1/auth/session',
  'POST /api/v1/token/refresh/',
  'GET /api/v1/my_profile/',
];

/** The staff workspace (issue #17, docs/product.md §6): portal extensions marked `x-staff`. */
const STAFF_OPERATIONS = [
  'GET /api/v1/staff/support_tickets/',
  'GET /api/v1/staff/support_tickets/counts/',
  'GET /api/v1/staff/support_tickets/{id}/',
  'PATCH /api/v1/staff/support_tickets/{id}/',
  'POST /api/v1/staff/support_tickets/{id}/messages/',
  'GET /api/v1/staff/support_tickets/{id}/attachments/{attachmentId}/',
  'GET /api/v1/staff/support_tickets/{id}/attachments/{attachmentId}/preview/',
  'GET /api/v1/staff/public_support/',
  'GET /api/v1/staff/public_support/{id}/',
  'PATCH /api/v1/staff/public_support/{id}/',
  'POST /api/v1/staff/public_support/{id}/messages/',
  'GET /api/v1/staff/public_support/{id}/attachments/{attachmentId}/',
  'GET /api/v1/staff/public_support/{id}/attachments/{attachmentId}/preview/',
  'GET /api/v1/staff/maintenance_events/',
  'POST /api/v1/staff/maintenance_events/',
  'PATCH /api/v1/staff/maintenance_events/{id}/',
  'POST /api/v1/staff/maintenance_events/{id}/cancel/',
  'GET /api/v1/staff/billing_statements/',
  'POST /api/v1/staff/billing_statements/',
  'GET /api/v1/staff/vat_rates/',
  'GET /api/v1/staff/meeting_rooms/',
  'GET /api/v1/staff/meeting_rooms/reservations/',
  'POST /api/v1/staff/meeting_rooms/reservations/{id}/cancel/',
  'GET /api/v1/staff/directory/',
  'GET /api/v1/staff/buildings/',
  'GET /api/v1/staff/tenants/',
  'GET /api/v1/staff/mail/',
  'POST /api/v1/staff/mail/{id}/retry/',
];

const PORTAL_EXTENSIONS = [
  'PATCH /api/v1/my_profile/',
  'POST /api/v1/my_profile/password/',
  'GET /api/v1/meters/',
  'GET /api/v1/readings/',
  'GET /api/v1/support_tickets/{id}/attachments/{attachmentId}/',
  // Image previews: thumbnails and the viewer, not the 5 MB original (docs/product.md §7).
  'GET /api/v1/support_tickets/{id}/attachments/{attachmentId}/preview/',
  'GET /api/v1/billing_statements/{id}/pdf/',
  'GET /api/v1/maintenance_events/calendar.ics',
  'POST /api/v1/meeting_rooms/reservation/{id}/cancel/',
  'GET /api/v1/meeting_rooms/{id}/availability/',
  'POST /api/v1/public_support/{id}/attachments/',
  'GET /api/v1/public_support/{id}/attachments/{attachmentId}/',
  'GET /api/v1/public_support/{id}/attachments/{attachmentId}/preview/',
  'GET /api/v1/meeting_rooms/reservation/{uuid}/cancel/{token}/',
  // Notifications (docs/decisions/011-durable-jobs.md): preferences and the mailed unsubscribe.
  'GET /api/v1/my_profile/notifications/',
  'PUT /api/v1/my_profile/notifications/',
  'GET /api/v1/notifications/unsubscribe/',
  'POST /api/v1/notifications/unsubscribe/',
  // The tenant's answer to a resolved ticket and the news marks (docs/product.md §4).
  'POST /api/v1/support_tickets/{id}/confirm/',
  'POST /api/v1/support_tickets/{id}/reopen/',
  'POST /api/v1/support_tickets/{id}/rating/',
  'POST /api/v1/support_tickets/{id}/seen/',
  'GET /api/v1/support_tickets/news/',
  'GET /api/v1/_allauth/app/v1/auth/password/reset',
  // The second factor (docs/decisions/012-second-factor.md), in allauth headless MFA's shapes.
  'POST /api/v1/_allauth/app/v1/auth/2fa/authenticate',
  'GET /api/v1/_allauth/app/v1/account/authenticators',
  'GET /api/v1/_allauth/app/v1/account/authenticators/totp',
  'POST /api/v1/_allauth/app/v1/account/authenticators/totp',
  'DELETE /api/v1/_allauth/app/v1/account/authenticators/totp',
  'GET /api/v1/_allauth/app/v1/account/authenticators/recovery-codes',
  'POST /api/v1/_allauth/app/v1/account/authenticators/recovery-codes',
  ...STAFF_OPERATIONS,
];

const BFF_OWN_OPERATIONS = [
  'GET /api/session',
  'POST /api/session',
  'DELETE /api/session',
  'PUT /api/session/tenant',
  'GET /api/sessions',
  'DELETE /api/sessions',
  'DELETE /api/sessions/{sessionId}',
  'POST /api/password-reset/request',
  'POST /api/password-reset/check',
  'POST /api/password-reset/confirm',
  'GET /api/config',
  'GET /api/bot-protection/challenge',
  'POST /api/session/second-factor',
  'GET /api/second-factor',
  'POST /api/second-factor',
  'DELETE /api/second-factor',
  'GET /api/second-factor/setup',
  'POST /api/second-factor/recovery-codes',
];

type Obj = Record<string, unknown>;
const signature = (operation: OperationInfo) => `${operation.method.toUpperCase()} ${operation.path}`;

const rawDocuments = new Map<DocumentName, { paths: Record<string, Record<string, Obj>> }>();

/** The raw (not dereferenced) operation object, to look at its extensions and $refs. */
function rawOperation(name: DocumentName, operation: OperationInfo): Obj {
  let document = rawDocuments.get(name);
  if (!document) {
    document = parse(readFileSync(new URL(`../${name}.yaml`, import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, Obj>>;
    };
    rawDocuments.set(name, document);
  }
  const found = document.paths[operation.path]?.[operation.method];
  if (!found) throw new Error(`missing ${signature(operation)}`);
  return found;
}

function strictAjv(): Ajv {
  // allowUnionTypes: the documents use `type: [T, "null"]` for nullable values (draft-07 style).
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, coerceTypes: 'array', useDefaults: true });
  addFormats(ajv);
  return ajv;
}

/** Visits every schema keyword; names inside `properties` maps are data and are not visited. */
function walk(node: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      visit(key, value);
      if (key === 'properties' && value !== null && typeof value === 'object') {
        Object.values(value as object).forEach((property) => walk(property, visit));
      } else if (key !== 'enum' && key !== 'default' && key !== 'required') {
        walk(value, visit);
      }
    }
  }
}

describe('upstream document', () => {
  const operations = listOperations('upstream');
  const signatures = operations.map(signature);

  it('contains every call of docs/product.md §7 and the portal extensions, nothing else', () => {
    expect(SPEC_SECTION_7_CALLS).toHaveLength(31);
    expect([...signatures].sort()).toEqual([...SPEC_SECTION_7_CALLS, ...PORTAL_EXTENSIONS].sort());
  });

  it('marks exactly the portal extensions with x-portal-extension and explains them', () => {
    for (const operation of operations) {
      const raw = rawOperation('upstream', operation);
      const isExtension = PORTAL_EXTENSIONS.includes(signature(operation));
      expect(raw['x-portal-extension'] === true, signature(operation)).toBe(isExtension);
      if (isExtension) expect(String(raw['description'])).toMatch(/^Portal extension/);
    }
  });

  it('gives every operation a camelCase operationId, a tag and valid vendor extensions', () => {
    const ids = new Set<string>();
    for (const operation of operations) {
      const raw = rawOperation('upstream', operation);
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.has(operation.operationId)).toBe(false);
      ids.add(operation.operationId);
      expect(raw['tags']).toHaveLength(1);
      expect(typeof raw['x-tenant-scoped']).toBe('boolean');
      expect(() => parseFeatureDeclaration(raw['x-feature'], operation.operationId)).not.toThrow();
    }
  });

  it('marks exactly the staff operations with x-staff: tag Staff, no tenant, 403 staff_only', () => {
    for (const operation of operations) {
      const raw = rawOperation('upstream', operation);
      const isStaff = STAFF_OPERATIONS.includes(signature(operation));
      expect(operation.staff, signature(operation)).toBe(isStaff);
      expect(operation.path.startsWith('/api/v1/staff/'), signature(operation)).toBe(isStaff);
      if (!isStaff) continue;
      expect(raw['tags']).toEqual(['Staff']);
      expect(operation.tenantScoped).toBe(false);
      expect(raw['security']).toEqual([{ bearerAuth: [] }]);
      expect((raw['responses'] as Obj)['403']).toEqual({ $ref: '#/components/responses/StaffOnly' });
      expect(String(raw['description'])).toMatch(/staff only \(403 `staff_only`/);
    }
  });

  it('versions the staff changes with If-Match and answers 412 and 428', () => {
    for (const operation of operations.filter((o) => o.staff && o.method === 'patch')) {
      const { headers, response } = fastifySchemaFor('upstream', operation.operationId);
      expect(headers, operation.operationId).toMatchObject({ required: ['if-match'] });
      expect(Object.keys(response), operation.operationId).toEqual(expect.arrayContaining(['200', '412', '428']));
    }
  });

  it('puts X-Tenant-ID on exactly the tenant-scoped operations', () => {
    for (const operation of operations) {
      const { headers } = fastifySchemaFor('upstream', operation.operationId);
      const declared = Object.keys((headers as { properties?: Obj } | undefined)?.properties ?? {});
      expect(declared.includes('x-tenant-id'), operation.operationId).toBe(operation.tenantScoped);
    }
  });

  it('answers X-Total-Count and takes page and page_size on paginated lists', () => {
    const document = loadDocument('upstream') as { paths: Record<string, Record<string, Obj>> };
    for (const operation of operations) {
      const raw = document.paths[operation.path]?.[operation.method] as {
        responses: Record<string, { headers?: Obj; content?: Record<string, { schema?: Obj }> }>;
      };
      const ok = raw.responses['200'];
      if (ok?.content?.['application/json']?.schema?.['type'] !== 'array') continue;
      expect(ok.headers, operation.operationId).toHaveProperty('X-Total-Count');
      const query = fastifySchemaFor('upstream', operation.operationId).querystring as { properties: Obj } | undefined;
      const unpaginated = [
        'listTenantAccess',
        'listAllReservations',
        // Short lists the staff filters and the room day view show whole.
        'listStaffMembers',
        'listStaffBuildings',
        'listStaffReservations',
        'listStaffMeetingRooms',
        // The mail overview: newest first, at most 200 (a queue's worth, not an archive).
        'listStaffMail',
        // The VAT rates of the law, a handful of rows.
        'listStaffVatRates',
      ].includes(operation.operationId);
      if (!unpaginated)
        expect(Object.keys(query?.properties ?? {}), operation.operationId).toEqual(
          expect.arrayContaining(['page', 'page_size', 'ordering']),
        );
    }
  });

  it('uses the agreed error bodies', () => {
    const schemas = (loadDocument('upstream')['components'] as { schemas: Record<string, Obj> }).schemas;
    expect(schemas['ErrorDetail']?.['required']).toEqual(['detail', 'code']);
    expect(schemas['AllauthErrorResponse']?.['required']).toEqual(['status', 'errors']);
    expect(fastifySchemaFor('upstream', 'login').response['400']).toMatchObject({ required: ['status', 'errors'] });
    expect(fastifySchemaFor('upstream', 'createSupportTicket').response['400']).toMatchObject({
      additionalProperties: { type: 'array', items: { type: 'string' } },
    });
  });

  it('describes the reading submission and its answer as docs/product.md §4 asks', () => {
    const { body, response } = fastifySchemaFor('upstream', 'createReading');
    expect(body).toMatchObject({
      required: ['meter', 'value'],
      properties: { picture: { type: 'null' }, reason: { enum: ['meter_replaced', 'rollover', null] } },
    });
    expect(response['201']).toMatchObject({ properties: { implausible_jump: { type: 'boolean' } } });
  });
});

describe('bff document', () => {
  const operations = listOperations('bff');

  // Which upstream operations it forwards: scripts/derive-bff.test.ts, beside the replaced list.
  it('adds the BFF’s own operations beside the forwarded /api/v1/ ones', () => {
    const own = operations.filter((operation) => !operation.path.startsWith('/api/v1/')).map(signature);
    expect(own.sort()).toEqual([...BFF_OWN_OPERATIONS].sort());
  });

  it('requires X-CSRF: 1 on every operation and never a bearer token', () => {
    for (const operation of operations) {
      const { headers } = fastifySchemaFor('bff', operation.operationId);
      expect(headers, operation.operationId).toMatchObject({
        required: expect.arrayContaining(['x-csrf']) as string[],
        properties: { 'x-csrf': { enum: ['1'] } },
        additionalProperties: true,
      });
      const raw = rawOperation('bff', operation);
      expect(JSON.stringify(raw['security'])).not.toContain('bearerAuth');
      expect(Object.keys((headers as { properties: Obj }).properties)).not.toContain('authorization');
    }
    const components = loadDocument('bff')['components'] as { securitySchemes: Obj };
    expect(Object.keys(components.securitySchemes)).toEqual(['sessionCookie']);
  });

  it('keeps the vendor extensions of the upstream operations', () => {
    for (const operation of operations.filter((o) => o.path.startsWith('/api/v1/'))) {
      const upstream = getOperation('upstream', operation.operationId);
      expect(operation).toEqual(
        expect.objectContaining({
          path: upstream.path,
          features: upstream.features,
          tenantScoped: upstream.tenantScoped,
          staff: upstream.staff,
        }),
      );
    }
  });

  it('answers ErrorBody for every 4xx and 5xx', () => {
    const errorBody = (loadDocument('bff')['components'] as { schemas: Record<string, Obj> }).schemas['ErrorBody'];
    expect(errorBody?.['required']).toEqual(['code', 'message']);
    for (const operation of operations) {
      const { response } = fastifySchemaFor('bff', operation.operationId);
      const errors = Object.entries(response).filter(([status]) => /^[45]/.test(status));
      expect(
        errors.map(([status]) => status),
        operation.operationId,
      ).toEqual(expect.arrayContaining(['403', '5xx']));
      for (const [, schema] of errors) expect(schema).toEqual(fastifySchemaFor('bff', 'listSessions').response['401']);
    }
  });

  it('exposes the session and configuration schemas of ADR 001', () => {
    expect(fastifySchemaFor('bff', 'getSession').response['200']).toMatchObject({
      required: ['session'],
      properties: {
        session: {
          anyOf: [
            {
              required: ['user', 'tenants', 'selectedTenantId'],
              properties: {
                user: { required: ['id', 'email', 'first_name', 'last_name', 'display_name', 'phone', 'is_staff'] },
              },
            },
            { type: 'null' },
          ],
        },
      },
    });
    expect(fastifySchemaFor('bff', 'selectSessionTenant').body).toMatchObject({
      properties: { tenantId: { type: ['string', 'null'] } },
    });
    const config = fastifySchemaFor('bff', 'getRuntimeConfig').response['200'] as {
      properties: { features: { properties: Obj; required: string[] } };
    };
    expect(Object.keys(config.properties.features.properties).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect([...config.properties.features.required].sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(getOperation('bff', 'getBotProtectionChallenge').features).toEqual([]);
  });
});

describe('operation helpers', () => {
  it('describes an operation for route registration', () => {
    expect(getOperation('upstream', 'uploadSupportTicketAttachments')).toEqual({
      method: 'post',
      path: '/api/v1/support_tickets/{id}/attachments/',
      fastifyPath: '/api/v1/support_tickets/:id/attachments/',
      operationId: 'uploadSupportTicketAttachments',
      features: ['incidents'],
      loginArea: false,
      tenantScoped: true,
      staff: false,
      requestContentTypes: ['multipart/form-data'],
      responseContentTypes: ['application/json'],
    });
    expect(getOperation('bff', 'cancelPublicReservation').fastifyPath).toBe(
      '/api/v1/meeting_rooms/reservation/:uuid/cancel/:token/',
    );
    expect(getOperation('bff', 'downloadBillingStatementPdf').responseContentTypes).toEqual([
      'application/json',
      'application/pdf',
    ]);
  });

  it('throws for an unknown operationId', () => {
    expect(() => getOperation('bff', 'login')).toThrow(/Unknown operationId "login"/);
    expect(() => fastifySchemaFor('upstream', 'nope')).toThrow(/Unknown operationId/);
  });

  it('builds params, querystring, body, headers and JSON responses', () => {
    const schema = fastifySchemaFor('bff', 'getPublicSupportRequest');
    expect(schema.params).toEqual({
      type: 'object',
      properties: { id: { type: 'integer', minimum: 1 } },
      required: ['id'],
    });
    // The access code: a header through the BFF, `?code=` in the upstream contract.
    expect(schema.querystring).toBeUndefined();
    expect(schema.headers).toMatchObject({
      properties: { 'x-access-code': { type: 'string', minLength: 1, maxLength: 64 } },
      required: ['x-access-code', 'x-csrf'],
      additionalProperties: true,
    });
    expect(fastifySchemaFor('upstream', 'getPublicSupportRequest').querystring).toMatchObject({ required: ['code'] });
    expect(schema.body).toBeUndefined();
    expect(Object.keys(schema.response).sort()).toEqual(['200', '400', '403', '404', '429', '5xx']);

    const upload = fastifySchemaFor('bff', 'uploadSupportTicketAttachments');
    expect(upload.body).toBeUndefined(); // multipart is not a JSON body
    const pdf = fastifySchemaFor('bff', 'downloadBillingStatementPdf');
    expect(pdf.response['200']).toBeUndefined(); // PDF is not JSON
    expect(fastifySchemaFor('bff', 'deleteSession').response['204']).toBeUndefined();
  });

  it('returns fresh schema objects on every call', () => {
    const first = fastifySchemaFor('bff', 'createSupportTicket');
    (first.body as Obj)['mutated'] = true;
    expect(fastifySchemaFor('bff', 'createSupportTicket').body).not.toHaveProperty('mutated');
  });

  it('caches the document and freezes it against accidental mutation', () => {
    const document = loadDocument('bff');
    expect(loadDocument('bff')).toBe(document);
    expect(Object.isFrozen(document['paths'])).toBe(true);
  });

  it('returns schemas that Ajv compiles in strict mode, without OpenAPI-only keywords', () => {
    const ajv = strictAjv();
    // What the module strips, plus what the documents must never need (3.0's nullable, refs).
    const forbidden = [...OPENAPI_ONLY_KEYWORDS, 'nullable', '$ref'];
    for (const name of ['upstream', 'bff'] as const) {
      for (const operation of listOperations(name)) {
        const { response, ...request } = fastifySchemaFor(name, operation.operationId);
        for (const schema of [...Object.values(request), ...Object.values(response)]) {
          walk(schema, (key) => {
            expect(forbidden.includes(key) || key.startsWith('x-'), `${operation.operationId}: ${key}`).toBe(false);
          });
          expect(() => ajv.compile(schema), `${name} ${operation.operationId}`).not.toThrow();
        }
      }
    }
    // Ajv compiles every schema of both documents (~10 s alone on 2 cores): room for a busy machine.
  }, 120_000);

  it('validates realistic payloads', () => {
    const ajv = strictAjv();
    const ticketBody = ajv.compile(fastifySchemaFor('bff', 'createSupportTicket').body as object);
    expect(
      ticketBody({ subject: 'Nesvítí světlo', description: 'Chodba 2. patro', building: 1, contact_phone: null }),
    ).toBe(true);
    expect(ticketBody({ subject: 'Nesvítí světlo', description: 'x', building: 1, priority: 'urgent' })).toBe(false);

    const query = ajv.compile(fastifySchemaFor('bff', 'listSupportTickets').querystring as object);
    const parsed: Obj = { status: 'open', page: '2' };
    expect(query(parsed)).toBe(true);
    expect(parsed).toMatchObject({ status: ['open'], page: 2, page_size: 20 }); // coerced like Fastify does

    const statement = ajv.compile(fastifySchemaFor('upstream', 'getBillingStatement').response['200'] as object);
    const sample = {
      id: 1,
      number: 'FV2026-0001',
      period_from: '2026-10-01',
      period_to: '2026-10-31',
      issued_on: '2026-11-01',
      due_date: '2026-11-15',
      currency: 'CZK',
      total_amount: '12500.00',
      paid_amount: '0.00',
      amount_due: '12500.00',
      paid: false,
      paid_on: null,
      variable_symbol: '2026000101',
      constant_symbol: '0308',
      bank_account: '19-2000145399/0800',
      iban: 'CZ6508000000192000145399',
      building: { id: 1, name: 'Palác Lucerna' },
      pdf_url: '/api/v1/billing_statements/1/pdf/',
      items: [{ description: 'Nájemné', quantity: null, unit: null, amount: '12500.00', vat_rate: 21 }],
      supplier: { ...SAMPLE_SUPPLIER, registration: null },
      customer: { name: 'Alfa s.r.o.', street: null, city: null, postal_code: null, ico: '28901541', dic: null },
      tax_document: true,
      taxable_supply_date: '2026-10-31',
      vat_breakdown: [{ rate: 21, base: '10330.58', vat: '2169.42', total: '12500.00' }],
      total_base: '10330.58',
      total_vat: '2169.42',
    };
    expect(statement(sample), JSON.stringify(statement.errors)).toBe(true);
    expect(statement({ ...sample, total_amount: 12500 })).toBe(false);
    expect(statement({ ...sample, customer: { ...sample.customer, ico: '1234' } })).toBe(false);
    expect(statement({ ...sample, items: [{ ...sample.items[0], vat_rate: 100 }] })).toBe(false);
  });
});

describe('document rules', () => {
  it('keeps schemas to draft-07-compatible keywords', () => {
    for (const name of ['upstream', 'bff'] as const) {
      walk(loadDocument(name)['components'], (key) => {
        expect(
          ['prefixItems', '$defs', 'unevaluatedProperties', 'unevaluatedItems', 'nullable', 'dependentRequired'],
          `${name}: ${key}`,
        ).not.toContain(key);
      });
    }
  });

  it('dereferences exactly like json-schema-ref-parser', async () => {
    for (const name of ['upstream', 'bff'] as const) {
      const source = parse(readFileSync(new URL(`../${name}.yaml`, import.meta.url), 'utf8')) as Obj;
      const reference = await $RefParser.dereference(structuredClone(source));
      expect(JSON.parse(JSON.stringify(dereference(source)))).toEqual(JSON.parse(JSON.stringify(reference)));
    }
  });

  it('refuses recursive and external references', () => {
    const recursive = {
      components: { schemas: { Node: { properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    };
    expect(() => dereference(recursive)).toThrow(/Recursive \$ref/);
    expect(() => dereference({ a: { $ref: 'other.yaml#/x' } })).toThrow(/document-internal/);
  });
});
