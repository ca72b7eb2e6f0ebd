import { execFile, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RedisRestart {
  /** Keys of the set (its REDIS_KEY_PREFIX) before the shutdown and after the start. */
  keysBefore: number;
  keysAfter: number;
  /** From the shutdown command to the first PONG. */
  downMs: number;
  /** How Redis was started again. */
  startedWith: string;
}

async function cli(url: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-u', url, ...args]);
  return stdout.trim();
}

async function configValue(url: string, name: string): Promise<string> {
  // `CONFIG GET name` answers two lines: the name and the value (possibly empty).
  return (await cli(url, 'config', 'get', name)).split('\n')[1] ?? '';
}

async function countKeys(url: string, prefix: string): Promise<number> {
  const keys = await cli(url, '--scan', '--pattern', `${prefix}*`);
  return keys === '' ? 0 : keys.split('\n').length;
}

/**
 * Restarts the machine's Redis the way an operator with persistence does: `SHUTDOWN SAVE`
 * (Redis writes its RDB snapshot and exits, even when its `save` setting is empty), then a start
 * that loads the snapshot. The BFF's sessions, renewal locks and limits must survive it.
 *
 * How to start it again: a command given with --redis-start; else the init script when the
 * running server was started from /etc/redis/redis.conf; else the same server with the settings
 * it runs with now (read with CONFIG GET). The last is what this machine needs: its Redis was
 * started with command-line settings (no config file, as root, `save ""`), and the init script
 * would bring up a different server (user redis, /etc/redis/redis.conf with save points) that
 * cannot write its snapshots into the root-owned /var/lib/redis here.
 * A snapshot file that did not exist before is removed again afterwards, so the machine is left
 * as it was found.
 */
export async function restartRedis(
  url: string,
  keyPrefix: string,
  startCommand: string | undefined,
  outageMs = 0,
): Promise<RedisRestart> {
  const configFile = /^config_file:(.*)$/m.exec(await cli(url, 'info', 'server'))?.[1]?.trim() ?? '';
  const settings: Array<[string, string]> = [];
  for (const name of [
    'port',
    'bind',
    'dir',
    'dbfilename',
    'save',
    'appendonly',
    'logfile',
    'pidfile',
    'daemonize',
    'protected-mode',
  ]) {
    settings.push([name, await configValue(url, name)]);
  }
  const setting = (name: string) => settings.find(([key]) => key === name)?.[1] ?? '';
  const snapshot = join(setting('dir'), setting('dbfilename'));
  const snapshotExisted = existsSync(snapshot);
  const keysBefore = await countKeys(url, keyPrefix);

  const shutdownAt = performance.now();
  // Redis closes the connection as it exits, so the command itself "fails".
  await cli(url, 'shutdown', 'save').catch(() => undefined);
  await waitFor(async () => !(await ping(url)), 'Redis to stop');
  // A longer outage than a restart's, to see what users get while Redis is away (--redis-down).
  if (outageMs > 0) await sleep(outageMs);

  let startedWith: string;
  if (startCommand) {
    startedWith = startCommand;
    await run('sh', ['-c', startCommand]);
  } else if (configFile === '/etc/redis/redis.conf' && existsSync('/etc/init.d/redis-server')) {
    startedWith = 'service redis-server start';
    await run('service', ['redis-server', 'start']);
  } else {
    const args = settings.flatMap(([name, value]) =>
      name === 'bind' ? ['--bind', ...value.split(' ')] : [`--${name}`, value],
    );
    startedWith = `redis-server ${args.map((arg) => (arg === '' || arg.includes(' ') ? `'${arg}'` : arg)).join(' ')}`;
    // daemonize yes: the server forks and this process returns once it is set up.
    await new Promise<void>((resolve, reject) => {
      const child = spawn('redis-server', args, { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`redis-server exited with ${code}`))));
    });
  }
  await waitFor(() => ping(url), 'Redis to answer again');
  await waitFor(async () => /loading:0/.test(await cli(url, 'info', 'persistence')), 'Redis to load its snapshot');
  const downMs = performance.now() - shutdownAt;
  const keysAfter = await countKeys(url, keyPrefix);
  if (!snapshotExisted) rmSync(snapshot, { force: true });
  return { keysBefore, keysAfter, downMs, startedWith };
}

async function ping(url: string): Promise<boolean> {
  try {
    return (await cli(url, 'ping')) === 'PONG';
  } catch {
    return false;
  }
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(50);
  }
}
