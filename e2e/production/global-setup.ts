import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DATABASE_NAME_ENV,
  OPERATOR_DATA_ENV,
  portalAdmin,
  productionScript,
  STATE_DIR_ENV,
  type OperatorData,
} from './support.js';
import { setUpTenant } from '../support/operator.js';

/**
 * Brings the production set up (scripts/production.sh start) in a fresh state directory with
 * a fresh database, then does what an operator does first: creates a tenant, a user with
 * access to it and a building, through portal-admin. No demo data exists in production.
 */
export default async function globalSetup(): Promise<void> {
  process.env[STATE_DIR_ENV] = mkdtempSync(join(tmpdir(), 'portal-production-'));
  process.env[DATABASE_NAME_ENV] = `portal_production_e2e_${process.pid}`;
  const started = productionScript('start');
  if (started.status !== 0) {
    throw new Error(`production.sh start failed (${started.status}):\n${started.stderr}`);
  }

  const data: OperatorData = {
    tenantId: '',
    tenantName: 'Gama Reality s.r.o.',
    email: 'eva.mala@gama.example.cz',
    password: 'Silne-Heslo-2026',
    firstName: 'Eva',
    greeting: 'Dobrý den, Evo',
  };
  const { email, password, firstName } = data;
  const { tenantId } = await setUpTenant(portalAdmin, {
    tenantName: data.tenantName,
    user: { email, password, firstName, lastName: 'Malá' },
    buildingName: 'Dům Gama',
  });
  data.tenantId = tenantId;
  process.env[OPERATOR_DATA_ENV] = JSON.stringify(data);
}
