import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { envFile, HTTPS_PORT, isAlive, pidOf, productionScript, RECIPE } from './support.js';

const SERVICES = ['mail', 'api-1', 'api-2', 'bff-1', 'bff-2', 'nginx'];

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('stop brings everything down cleanly and status reports it', async () => {
  // bff-1 was killed by the failover test: status says so, and stop copes with it.
  const partly = productionScript('status');
  expect(partly.status).toBe(1);
  expect(partly.stdout).toContain('bff-1: stopped');
  const pids = SERVICES.filter((service) => service !== 'bff-1').map((service) => pidOf(service));

  const stopped = productionScript('stop');
  expect(stopped.status, stopped.stderr).toBe(0);
  // Graceful: nothing had to be killed.
  expect(stopped.stderr).not.toContain('killing');
  for (const pid of pids) expect(isAlive(pid)).toBe(false);

  const status = productionScript('status');
  expect(status.status).toBe(3);
  for (const service of SERVICES) expect(status.stdout).toContain(`${service}: stopped`);

  const ports = [
    HTTPS_PORT,
    ...[1, 2].map((instance) => Number(envFile(join(RECIPE, 'env', `api-${instance}.env`))['PORT'])),
    ...[1, 2].map((instance) => Number(envFile(join(RECIPE, 'env', `bff-${instance}.env`))['PORT'])),
  ];
  for (const port of ports) expect(await portAnswers(port), `port ${port}`).toBe(false);
});
