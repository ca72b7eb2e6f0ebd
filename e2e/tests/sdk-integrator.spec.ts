import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { portalAdmin, setUpTenant } from '../support/operator.js';

// The SDK's integrator example (packages/sdk/examples/integrator.mjs) against the real stack:
// the packed SDK installed with npm into an empty project, the example run there by plain
// Node.js – no browser. Its output is printed, so the CI log shows an integrator's session.

const run = promisify(execFile);
const sdkDir = dirname(createRequire(import.meta.url).resolve('@portal/sdk/package.json'));

test('the SDK example logs in, reports with an Idempotency-Key, uploads, downloads and logs out', async ({
  baseURL,
}, testInfo) => {
  // Packing builds the SDK and npm fetches its dependencies: minutes on a loaded machine.
  test.setTimeout(300_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const user = { email: `integrator.${stamp}@example.cz`, password: 'Silne-Heslo-2026' };
  // Two tenants, as for a user who picks one; the chosen one rents space in a building.
  const { tenantId } = await setUpTenant(portalAdmin, {
    tenantName: `Integrace ${stamp} s.r.o.`,
    user: { ...user, firstName: 'Ivan', lastName: 'Integrátor' },
    buildingName: `Dům Integrace ${stamp}`,
  });
  const other = (await portalAdmin('create-tenant', '--name', `Druhá integrace ${stamp} s.r.o.`)) as { id: string };
  await portalAdmin('grant-access', '--user', user.email, '--tenant', other.id);

  const project = mkdtempSync(join(tmpdir(), 'portal-integrator-'));
  try {
    await run(process.execPath, [join(sdkDir, 'scripts', 'install-packed.mjs'), project], { timeout: 240_000 });
    const { stdout, stderr } = await run(process.execPath, ['integrator.mjs'], {
      cwd: project,
      env: {
        ...process.env,
        PORTAL_URL: baseURL,
        PORTAL_EMAIL: user.email,
        PORTAL_PASSWORD: user.password,
        PORTAL_TENANT: tenantId,
      },
      timeout: 60_000,
    }).catch((error: unknown) => {
      const failed = error as { stdout?: string; stderr?: string };
      console.log(`integrator.mjs failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
      throw error;
    });
    console.log(`packages/sdk/examples/integrator.mjs against ${baseURL}:\n${stdout}${stderr}`);

    expect(stderr).toBe('');
    expect(stdout).toContain(`Logged in to ${baseURL} as Ivan Integrátor.`);
    expect(stdout).toContain(`Selected tenant: Integrace ${stamp} s.r.o.`);
    expect(stdout).toMatch(/Support tickets: 0 in all/);
    const created = /Created ticket #(\d+) „Nesvítí světlo na chodbě" in Dům Integrace/.exec(stdout);
    expect(created).not.toBeNull();
    expect(stdout).toContain(
      `Sent again with the same Idempotency-Key: ticket #${created?.[1]}, Idempotent-Replayed: true.`,
    );
    expect(stdout).toContain('Uploading revize-osvetleni.txt: 100 %');
    expect(stdout).toMatch(/Downloaded revize-osvetleni\.txt: \d+ bytes, identical\./);
    expect(stdout).toContain('Logged out; a call now answers 401 not_authenticated.');
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
});
