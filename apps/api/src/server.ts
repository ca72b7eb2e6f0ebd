import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config/env.js';
import { startErrorReporting, stopErrorReporting } from './plugins/external/error-reporting.js';

/**
 * Entry point: reads the configuration, starts error reporting (Sentry, when configured), builds
 * the app and listens. Nothing else lives here (fastify/demo's `server.ts`), so tests build the
 * same app without a socket.
 */

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // Before a logger exists; one plain message that names the variables at fault.
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

// First, so everything the app does from its first request on is covered.
startErrorReporting(config);

const app = await buildApp(config, {
  // Explicit network limits (docs/architecture.md §5): a client that stalls cannot hold a socket.
  connectionTimeout: 60_000,
  requestTimeout: 30_000,
  // Longer than the common 60 s idle timeout of load balancers and of undici in the BFF, so
  // the server is never the side that closes a connection a client is about to reuse.
  keepAliveTimeout: 72_000,
});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err !== undefined) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info({ signal }, 'closing');
  await app.close();
  await stopErrorReporting();
});

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'start-up failed');
  await app.close().catch(() => undefined);
  await stopErrorReporting();
  process.exit(1);
}
