import { describe, expect, it } from 'vitest';
import { contractProblems, type ContractResponse } from './contract.js';

const session = {
  user: {
    id: 7,
    email: 'jana.novakova@example.cz',
    first_name: 'Jana',
    last_name: 'Nováková',
    display_name: 'Jana Nováková',
    phone: null,
    is_staff: false,
  },
  tenants: [{ id: 'tenant-alfa', name: 'Alfa s.r.o.' }],
  selectedTenantId: null,
};

function answer(overrides: Partial<ContractResponse> & { json?: unknown }): ContractResponse {
  const { json, ...rest } = overrides;
  return {
    method: 'GET',
    url: '/api/session',
    statusCode: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: json === undefined ? '' : JSON.stringify(json),
    ...rest,
  };
}

describe('the contract check of the BFF’s own answers', () => {
  it('accepts documented answers: a session, an error body under 5XX, an empty 204', () => {
    expect(contractProblems(answer({ json: { session } }))).toEqual([]);
    expect(contractProblems(answer({ json: { session: null } }))).toEqual([]);
    expect(
      contractProblems(answer({ statusCode: 502, json: { code: 'upstream_error', message: 'Zkuste to.' } })),
    ).toEqual([]);
    expect(contractProblems(answer({ method: 'DELETE', statusCode: 204, headers: {} }))).toEqual([]);
  });

  it('refuses a status the operation does not document', () => {
    expect(contractProblems(answer({ statusCode: 418, json: { code: 'teapot', message: 'Čaj.' } }))).toEqual([
      'getSession: status 418 is not documented',
    ]);
  });

  it('refuses a body that does not match the documented schema', () => {
    const { tenants: _tenants, ...withoutTenants } = session;
    expect(contractProblems(answer({ json: { session: { ...withoutTenants }, token: 'secret' } }))).toEqual(
      expect.arrayContaining(['getSession 200: body must NOT have additional properties']),
    );
    expect(contractProblems(answer({ json: { session: { ...withoutTenants } } })).join('\n')).toContain(
      "must have required property 'tenants'",
    );
    expect(contractProblems(answer({ statusCode: 502, json: { error: 'nope' } }))).toContain(
      "getSession 502: body must have required property 'code'",
    );
  });

  it('refuses content where none is documented, and a JSON answer of another type', () => {
    expect(contractProblems(answer({ method: 'DELETE', statusCode: 204, body: '{}' }))).toEqual([
      'deleteSession 204: documents no content but the body is {}',
    ]);
    expect(contractProblems(answer({ headers: { 'content-type': 'text/html' }, body: '<p>' }))).toEqual([
      'getSession 200: content type text/html instead of application/json',
    ]);
  });

  it('leaves forwarded operations and addresses outside bff.yaml to other checks', () => {
    expect(contractProblems(answer({ url: '/api/v1/my_profile/', statusCode: 418 }))).toEqual([]);
    expect(contractProblems(answer({ url: '/healthz', json: { status: 'ok' } }))).toEqual([]);
  });
});
