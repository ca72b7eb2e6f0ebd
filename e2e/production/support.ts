import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

/**
 * The production set of scripts/production.sh on this machine, as the tests see it. Ports are
 * the recipe's (deploy/env); HTTPS and HTTP are the script's defaults, away from the main e2e
 * suite's 3610–3612/4610.
 */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const RECIPE = join(REPO, 'deploy');
export const HTTPS_PORT = 8443;
export const HTTP_PORT = 8480;
export const ORIGIN = `https://localhost:${HTTPS_PORT}`;
export const BFF_INSTANCES = [1, 2] as const;
export const API_INSTANCES = [1, 2] as const;

/** Set by global-setup.ts for the whole run (workers inherit it). */
export const STATE_DIR_ENV = 'PORTAL_STATE_DIR';
export const DATABASE_NAME_ENV = 'PORTAL_DATABASE_NAME';
export const OPERATOR_DATA_ENV = 'PORTAL_PRODUCTION_E2E_DATA';

export function stateDir(): string {
  const dir = process.env[STATE_DIR_ENV];
  if (!dir) throw new Error(`${STATE_DIR_ENV} is not set; run through production/playwright.config.ts`);
  return dir;
}

/** The tenant, user and building global-setup.ts created through `production.sh admin`. */
export interface OperatorData {
  tenantId: string;
  tenantName: string;
  email: string;
  password: string;
  firstName: string;
  /** The home page's heading for them: the first name in the vocative. */
  greeting: string;
}

export function operatorData(): OperatorData {
  const raw = process.env[OPERATOR_DATA_ENV];
  if (!raw) throw new Error(`${OPERATOR_DATA_ENV} is not set`);
  return JSON.parse(raw) as OperatorData;
}

/** Runs scripts/production.sh with the run's state directory; returns its exit code and output. */
export function productionScript(...args: string[]): { status: number; stdout: string; stderr: string } {
  const result = spawnSync('bash', [join(REPO, 'scripts', 'production.sh'), ...args], {
    cwd: REPO,
    env: { ...process.env },
    encoding: 'utf8',
    timeout: 300_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** `production.sh admin …` (portal-admin with the API's environment); parses its JSON answer. */
export function portalAdmin(...args: string[]): Record<string, unknown> {
  const stdout = execFileSync('bash', [join(REPO, 'scripts', 'production.sh'), 'admin', ...args], {
    cwd: REPO,
    env: { ...process.env },
    encoding: 'utf8',
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

export function pidOf(service: string): number {
  const file = join(stateDir(), 'run', `${service}.pid`);
  if (!existsSync(file)) throw new Error(`${service} has no pid file`);
  return Number(readFileSync(file, 'utf8').trim());
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Kills a service of the set without warning (SIGKILL) and waits until it is gone. */
export async function killService(service: string): Promise<void> {
  const victim = pidOf(service);
  process.kill(victim, 'SIGKILL');
  await expect.poll(() => isAlive(victim)).toBe(false);
}

export function logFile(service: string): string {
  return join(stateDir(), 'logs', `${service}.log`);
}

/** The JSON lines of a log file that parse (pino's, nginx's portal_json). */
export function jsonLines(file: string): Record<string, unknown>[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** Waits until a log line matches (the services write their lines asynchronously). */
export async function logLine(
  file: string,
  predicate: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  let found: Record<string, unknown> | undefined;
  await expect
    .poll(
      () => {
        found = jsonLines(file).find(predicate);
        return found !== undefined;
      },
      { message: `a matching line in ${file}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as Record<string, unknown>;
}

/** Variables of an env file (KEY=value lines), as systemd's EnvironmentFile= reads them. */
export function envFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) values[match[1]] = (match[2] ?? '').replace(/^"(.*)"$/, '$1');
  }
  return values;
}
