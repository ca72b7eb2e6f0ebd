import { describe, expect, it } from 'vitest';
import { assertFeatureDeclarations, featureAvailable, parseFeatureDeclaration } from './features.js';

describe('x-feature declarations', () => {
  it('reads one flag, a list of flags and none', () => {
    expect(parseFeatureDeclaration('incidents', 'x')).toEqual(['incidents']);
    expect(parseFeatureDeclaration(['meetingRooms', 'publicMeetingRooms'], 'x')).toEqual([
      'meetingRooms',
      'publicMeetingRooms',
    ]);
    expect(parseFeatureDeclaration('none', 'x')).toEqual([]);
  });

  it.each([undefined, null, '', 'Incidents', 'hideTenantLogin', [], ['incidents'], ['incidents', 'incidents'], 1])(
    'refuses %j',
    (value) => {
      expect(() => parseFeatureDeclaration(value, 'GET /x')).toThrow(/GET \/x: x-feature names/);
    },
  );

  it('makes a shared operation available while any of its flags is on', () => {
    const flags = {
      tenantLogin: true,
      tenantSwitcher: true,
      meterReadings: true,
      billingStatements: true,
      meetingRooms: false,
      incidents: true,
      publicSupport: true,
      publicMeetingRooms: true,
      maintenanceEvents: true,
    };
    expect(featureAvailable([], { ...flags, incidents: false })).toBe(true);
    expect(featureAvailable(['meetingRooms'], flags)).toBe(false);
    expect(featureAvailable(['meetingRooms', 'publicMeetingRooms'], flags)).toBe(true);
    expect(featureAvailable(['meetingRooms', 'publicMeetingRooms'], { ...flags, publicMeetingRooms: false })).toBe(
      false,
    );
  });

  it('lists every operation that names nothing', () => {
    const document = {
      paths: {
        '/a': { get: { operationId: 'a', 'x-feature': 'none' }, post: { operationId: 'b' } },
        '/c': { delete: { operationId: 'c', 'x-feature': 'nothing', 'x-login-area': 'yes' } },
      },
    };
    expect(() => assertFeatureDeclarations(document, 'doc')).toThrow(
      /POST \/a \(b\): x-feature names nothing[\s\S]*DELETE \/c \(c\): x-feature names "nothing"[\s\S]*x-login-area/,
    );
  });
});
